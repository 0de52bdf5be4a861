import type { Language } from '@sparks/contract';
import { emailLayout as layout } from '../../mail/email-layout.js';
import { linkEmail } from '../../mail/link-email.js';
import type { Email } from '../../mail/mailer.js';

const VERIFY = {
  en: {
    subject: 'Your Sparks verification code',
    title: 'Confirm your e-mail',
    lines: [
      'Enter this code in Sparks to confirm your e-mail address. It expires in 10 minutes.',
      'If you did not create a Sparks account, you can ignore this message.',
    ],
  },
  es: {
    subject: 'Tu código de verificación de Sparks',
    title: 'Confirma tu correo',
    lines: [
      'Introduce este código en Sparks para confirmar tu correo. Caduca en 10 minutos.',
      'Si no has creado una cuenta en Sparks, puedes ignorar este mensaje.',
    ],
  },
} as const;

const RESET = {
  en: {
    subject: 'Reset your Sparks password',
    title: 'Reset your password',
    intro: 'Open this link to choose a new password. It works once and expires in 1 hour:',
    outro: 'If you did not ask for this, ignore this message: your password stays the same.',
  },
  es: {
    subject: 'Restablece tu contraseña de Sparks',
    title: 'Restablece tu contraseña',
    intro: 'Abre este enlace para elegir una contraseña nueva. Sirve una sola vez y caduca en 1 hora:',
    outro: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.',
  },
} as const;

export function verificationEmail(to: string, code: string, language: Language): Email {
  const copy = VERIFY[language];
  return {
    to,
    subject: copy.subject,
    text: `${copy.title}\n\n${code}\n\n${copy.lines.join('\n\n')}\n`,
    html: layout(copy.title, [...copy.lines], code),
  };
}

export function resetEmail(to: string, link: string, language: Language): Email {
  const copy = RESET[language];
  return { to, subject: copy.subject, ...linkEmail(copy.title, [copy.intro], link, copy.outro) };
}
