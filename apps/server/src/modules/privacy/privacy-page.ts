import type { Language } from '@sparks/contract';
import { escapeHtml } from '../../mail/email-layout.js';

const COPY: Record<Language, { title: string; sections: Array<[string, string]>; note: string }> = {
  en: {
    title: 'Privacy policy',
    note: 'This is the standard policy of this Sparks installation. Its operator can publish their own and set PRIVACY_POLICY_URL to show it here instead.',
    sections: [
      [
        'Who is responsible',
        'The organisation that runs this Sparks installation is responsible for the personal data it holds. Contact them at the address given on the website where you found it.',
      ],
      [
        'What we keep',
        'Your account: your e-mail address, a protected form of your password, your name and phone number if you add them, and your language. What you make: your Sparks, their instructions, the documents you upload and the passages read from them, and your conversations with the assistants. What your website visitors write to your Spark, and which of your pages they wrote from.',
      ],
      [
        'Why',
        'To provide the service you signed up for: to sign you in, to build, test and run your Sparks, to send you the e-mails the service needs (codes, password links, usage warnings) and to bill a paid plan.',
      ],
      [
        'Cookies and storage',
        'We keep your session in your browser’s local storage and your language choice in a cookie. We set no advertising or tracking cookies. The website widget keeps a visitor’s conversation in its own storage.',
      ],
      [
        'How long',
        'Your data is kept while your account exists. Registrations that are never confirmed are removed after 7 days. Deleting a Spark deletes its documents, passages and conversations.',
      ],
      [
        'Your rights',
        'You may ask to see, correct, export or delete your personal data, and you may object to its use. Write to the operator of this installation; you may also complain to your data-protection authority.',
      ],
    ],
  },
  es: {
    title: 'Política de privacidad',
    note: 'Esta es la política estándar de esta instalación de Sparks. Quien la gestiona puede publicar la suya y configurar PRIVACY_POLICY_URL para mostrarla aquí.',
    sections: [
      [
        'Responsable',
        'La organización que gestiona esta instalación de Sparks es la responsable de los datos personales que guarda. Contacta con ella en la dirección que figure en la web donde la encontraste.',
      ],
      [
        'Qué guardamos',
        'Tu cuenta: tu correo, una forma protegida de tu contraseña, tu nombre y teléfono si los añades y tu idioma. Lo que creas: tus Sparks, sus instrucciones, los documentos que subes y los fragmentos leídos de ellos, y tus conversaciones con los asistentes. Lo que los visitantes de tu web escriben a tu Spark y desde qué páginas lo hicieron.',
      ],
      [
        'Para qué',
        'Para prestar el servicio que has contratado: iniciar tu sesión, crear, probar y publicar tus Sparks, enviarte los correos que el servicio necesita (códigos, enlaces de contraseña, avisos de uso) y cobrar un plan de pago.',
      ],
      [
        'Cookies y almacenamiento',
        'Guardamos tu sesión en el almacenamiento local del navegador y tu idioma en una cookie. No usamos cookies de publicidad ni de seguimiento. El widget de tu web guarda la conversación del visitante en su propio almacenamiento.',
      ],
      [
        'Cuánto tiempo',
        'Tus datos se guardan mientras exista tu cuenta. Los registros que nunca se confirman se borran a los 7 días. Al borrar un Spark se borran sus documentos, fragmentos y conversaciones.',
      ],
      [
        'Tus derechos',
        'Puedes pedir ver, corregir, exportar o borrar tus datos personales, y oponerte a su uso. Escribe a quien gestiona esta instalación; también puedes reclamar ante tu autoridad de protección de datos.',
      ],
    ],
  },
};

/** The built-in privacy policy, a page of its own (readable without an account, linked from sign-up). */
export function privacyPage(language: Language): string {
  const copy = COPY[language];
  const sections = copy.sections.map(([heading, text]) => `<section><h2>${escapeHtml(heading)}</h2><p>${escapeHtml(text)}</p></section>`).join('');
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(copy.title)} · Sparks</title><style>body{font-family:system-ui,sans-serif;max-width:720px;margin:auto;padding:24px;color:#1c1a29;line-height:1.55}h1{font-size:26px}h2{font-size:18px;margin-top:28px}.note{color:#5f5b73;font-size:14px;border-top:1px solid #e4e2ee;padding-top:16px;margin-top:32px}a{color:#5b3df5}</style></head><body><main><h1>${escapeHtml(copy.title)}</h1>${sections}<p class="note">${escapeHtml(copy.note)}</p><p><a href="/">Sparks</a></p></main></body></html>`;
}
