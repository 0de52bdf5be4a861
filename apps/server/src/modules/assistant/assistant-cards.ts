import { DEFAULT_SPARK_THEME, PLANS, SPARK_ICONS, SPARK_PALETTES, planFromSlug, type ChatButton, type ChatMessage, type Language, type Spark, type User } from '@sparks/contract';

const LABELS = {
  en: {
    palettes: 'Colour palettes',
    icons: 'Icons',
    welcome: 'Welcome message',
    preview: 'Your widget',
    profile: 'Your profile',
    firstname: 'First name',
    lastname: 'Last name',
    phone: 'Phone',
    language: 'Preferred language',
    email: 'E-mail',
    missing: '—',
    plan: 'Your plan',
    planName: 'Plan',
    trialEnds: 'Trial ends',
    sparks: 'Sparks',
    documents: 'Documents',
    interactions: 'Interactions per month',
    integrations: 'Integrations',
    embed: 'Code for your website',
    embedHelp: 'Paste it just before </body> on every page where the chat should appear.',
    onboarding: 'Your first Spark, step by step',
    steps: ['Create a Spark and tell it what it is for', 'Choose its colours and icon', 'Upload the documents it answers from', 'Test it in a test chat', 'Put it on your website'],
    languages: { en: 'English', es: 'Spanish' },
    instructions: (name: string, purpose: string) =>
      `You are ${name}. Your purpose: ${purpose}\nAnswer only from your knowledge, in a friendly and clear way. When it has nothing relevant, say so plainly and suggest contacting a person.`,
  },
  es: {
    palettes: 'Paletas de colores',
    icons: 'Iconos',
    welcome: 'Mensaje de bienvenida',
    preview: 'Tu widget',
    profile: 'Tu perfil',
    firstname: 'Nombre',
    lastname: 'Apellidos',
    phone: 'Teléfono',
    language: 'Idioma preferido',
    email: 'Correo',
    missing: '—',
    plan: 'Tu plan',
    planName: 'Plan',
    trialEnds: 'La prueba termina',
    sparks: 'Sparks',
    documents: 'Documentos',
    interactions: 'Interacciones al mes',
    integrations: 'Integraciones',
    embed: 'Código para tu web',
    embedHelp: 'Pégalo justo antes de </body> en cada página donde deba aparecer el chat.',
    onboarding: 'Tu primer Spark, paso a paso',
    steps: ['Crea un Spark y cuéntale para qué sirve', 'Elige sus colores e icono', 'Sube los documentos con los que responde', 'Pruébalo en un chat de prueba', 'Ponlo en tu web'],
    languages: { en: 'Inglés', es: 'Español' },
    instructions: (name: string, purpose: string) =>
      `Eres ${name}. Tu propósito: ${purpose}\nResponde solo a partir de tu conocimiento, de forma amable y clara. Si no tienes nada relevante, dilo con claridad y sugiere contactar con una persona.`,
  },
} as const;

const at = () => new Date().toISOString();
const action = (data: ChatMessage['data']): ChatMessage => ({ type: 'action', data, createdAt: at() });

/** The cards the system assistant shows (spec §3 action data), in the user's language. */
export function assistantCards(language: Language) {
  const label = LABELS[language];
  const name = (palette: (typeof SPARK_PALETTES)[number]) => (language === 'es' ? palette.nameEs : palette.name);
  return {
    defaultTheme: DEFAULT_SPARK_THEME,
    instructions: label.instructions,
    event: (event: string, fields: Record<string, unknown>): ChatMessage => action({ type: 'event', event, ...fields }),
    buttons: (buttons: ChatButton[]): ChatMessage => action({ type: 'buttons', buttons }),
    palettes: (): ChatMessage =>
      action({ type: 'colorPalette', title: label.palettes, palettes: SPARK_PALETTES.map((palette) => ({ name: name(palette), primary: palette.primary, secondary: palette.secondary })) }),
    icons: (): ChatMessage =>
      action({ type: 'iconSelector', title: label.icons, icons: SPARK_ICONS.map((icon) => ({ name: icon.name, label: language === 'es' ? icon.labelEs : icon.label, icon: icon.name })) }),
    welcome: (message: string): ChatMessage => action({ type: 'card', title: label.welcome, info: [{ label: '', value: message }] }),
    widgetPreview: (spark: Spark): ChatMessage => {
      const theme = spark.options.theme ?? DEFAULT_SPARK_THEME;
      return action({
        type: 'widgetPreview',
        title: label.preview,
        name: spark.name,
        initialMessage: spark.options.initialMessage,
        theme: { palette: { primary: theme.palette.primary, secondary: theme.palette.secondary }, icon: theme.icon.name },
      });
    },
    userCard: (user: User): ChatMessage =>
      action({
        type: 'userCard',
        // The client draws the profile as it is now (ARCHITECTURE.md, state is shown live); the rows are for other clients.
        live: 'profile',
        title: label.profile,
        info: [
          { type: label.firstname, result: user.firstname ?? label.missing },
          { type: label.lastname, result: user.lastname ?? label.missing },
          { type: label.phone, result: user.phone ?? label.missing },
          { type: label.language, result: label.languages[user.config.language] },
          { type: label.email, result: user.email },
        ],
      }),
    plan: (user: User, usage: { interactions: number; sparks: number; documents: number }): ChatMessage => {
      const subscription = user.tenants[0]?.subscription;
      const plan = planFromSlug(subscription?.planSlug ?? '') ?? PLANS.free;
      const trialEnds = subscription?.trialEndsAt ? new Date(subscription.trialEndsAt).toLocaleDateString(language === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'long' }) : null;
      return action({
        type: 'card',
        live: 'plan',
        title: label.plan,
        info: [
          { label: label.planName, value: plan.productName },
          ...(trialEnds && plan.slug === 'free' ? [{ label: label.trialEnds, value: trialEnds }] : []),
          { label: label.integrations, value: String(plan.limits.integrations) },
        ],
        // Drawn as bars: what this month and this account use of the plan.
        usage: [
          { label: label.interactions, used: usage.interactions, limit: plan.limits.interactionsPerMonth },
          { label: label.sparks, used: usage.sparks, limit: plan.limits.sparks },
          { label: label.documents, used: usage.documents, limit: plan.limits.documents },
        ],
      });
    },
    embedCode: (spark: Spark, publicUrl: string): ChatMessage =>
      action({
        type: 'card',
        title: `${label.embed}: ${spark.name}`,
        info: [
          { label: label.embed, value: `<script src="${publicUrl.replace(/\/$/, '')}/widget.js" data-spark="${spark.options.deployToken}" async></script>` },
          { label: '', value: label.embedHelp },
        ],
        copy: 0,
      }),
    onboarding: (): ChatMessage => action({ type: 'onboarding', title: label.onboarding, onboarding: label.steps.map((title) => ({ title })) }),
  };
}
