import {
  DEFAULT_SPARK_THEME,
  PLANS,
  SPARK_ICONS,
  SPARK_PALETTES,
  planFromSlug,
  type ChatButton,
  type ChatMessage,
  type Language,
  type Spark,
  type User,
} from '@sparks/contract';
import { catalogue } from '../../llm/offline/assistant-catalogue.js';

/** The cards' words, from the translation catalogue (`locales/<language>/assistant.json`). */
function labelsOf(language: Language) {
  const t = catalogue(language);
  return {
    palettes: t('cards.palettes'),
    icons: t('cards.icons'),
    welcome: t('cards.welcome'),
    preview: t('cards.preview'),
    profile: t('cards.profile'),
    firstname: t('cards.firstname'),
    lastname: t('cards.lastname'),
    phone: t('cards.phone'),
    language: t('cards.language'),
    email: t('cards.email'),
    missing: t('cards.missing'),
    plan: t('cards.plan'),
    planName: t('cards.planName'),
    trialEnds: t('cards.trialEnds'),
    sparks: t('cards.sparks'),
    documents: t('cards.documents'),
    interactions: t('cards.interactions'),
    integrations: t('cards.integrations'),
    embed: t('cards.embed'),
    embedHelp: t('cards.embedHelp'),
    onboarding: t('cards.onboarding'),
    steps: t('cards.steps', { returnObjects: true }) as string[],
    languages: { en: t('cards.languages.en'), es: t('cards.languages.es') },
    instructions: (name: string, purpose: string) => t('cards.instructions', { name, purpose }),
  };
}

const LABELS: Record<Language, ReturnType<typeof labelsOf>> = { en: labelsOf('en'), es: labelsOf('es') };

const at = () => new Date().toISOString();
const action = (data: ChatMessage['data']): ChatMessage => ({ type: 'action', data, createdAt: at() });

/** The cards the system assistant shows (product.md §3 action data), in the user's language. */
export function assistantCards(language: Language) {
  const label = LABELS[language];
  const name = (palette: (typeof SPARK_PALETTES)[number]) => (language === 'es' ? palette.nameEs : palette.name);
  return {
    defaultTheme: DEFAULT_SPARK_THEME,
    instructions: label.instructions,
    event: (event: string, fields: Record<string, unknown>): ChatMessage => action({ type: 'event', event, ...fields }),
    buttons: (buttons: ChatButton[]): ChatMessage => action({ type: 'buttons', buttons }),
    palettes: (): ChatMessage =>
      action({
        type: 'colorPalette',
        title: label.palettes,
        palettes: SPARK_PALETTES.map((palette) => ({ name: name(palette), primary: palette.primary, secondary: palette.secondary })),
      }),
    icons: (): ChatMessage =>
      action({
        type: 'iconSelector',
        title: label.icons,
        icons: SPARK_ICONS.map((icon) => ({ name: icon.name, label: language === 'es' ? icon.labelEs : icon.label, icon: icon.name })),
      }),
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
      const trialEnds = subscription?.trialEndsAt
        ? new Date(subscription.trialEndsAt).toLocaleDateString(language === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'long' })
        : null;
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
    embedCode: (spark: Spark, productUrl: string): ChatMessage =>
      action({
        type: 'card',
        // Drawn from the Spark's deployment as it is now, so a rotated token never leaves the old code on screen.
        live: 'embed',
        sparkId: spark._id,
        title: `${label.embed}: ${spark.name}`,
        info: [
          { label: label.embed, value: `<script src="${productUrl.replace(/\/$/, '')}/widget.js" data-spark="${spark.options.deployToken}" async></script>` },
          { label: '', value: label.embedHelp },
        ],
        copy: 0,
      }),
    onboarding: (): ChatMessage => action({ type: 'onboarding', title: label.onboarding, onboarding: label.steps.map((title) => ({ title })) }),
  };
}
