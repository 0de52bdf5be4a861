import { INVITATION_DAYS, type Language, type Role } from '@sparks/contract';
import { linkEmail } from '../../mail/link-email.js';
import type { Email } from '../../mail/mailer.js';

const ROLE_NAMES: Record<Language, Record<Role, string>> = {
  en: { owner: 'Owner', admin: 'Admin', editor: 'Editor', agent: 'Agent', viewer: 'Viewer' },
  es: { owner: 'Propietario', admin: 'Administrador', editor: 'Editor', agent: 'Agente', viewer: 'Lector' },
};

const COPY = {
  en: {
    subject: (inviter: string) => `${inviter} invited you to their Sparks team`,
    title: 'You are invited to a Sparks team',
    intro: (inviter: string, account: string, role: string) => `${inviter} invited you to join ${account} on Sparks as ${role}.`,
    open: `Open this link to accept. It works once and expires in ${INVITATION_DAYS} days:`,
    outro: 'If you did not expect this invitation, ignore this message: nothing happens without you.',
  },
  es: {
    subject: (inviter: string) => `${inviter} te ha invitado a su equipo de Sparks`,
    title: 'Te han invitado a un equipo de Sparks',
    intro: (inviter: string, account: string, role: string) => `${inviter} te ha invitado a unirte a ${account} en Sparks como ${role}.`,
    open: `Abre este enlace para aceptar. Sirve una sola vez y caduca en ${INVITATION_DAYS} días:`,
    outro: 'Si no esperabas esta invitación, ignora este mensaje: no pasa nada sin ti.',
  },
} as const;

/**
 * The invitation e-mail, in the invitee's language. Its text is ours: the only words the inviter
 * chooses are their own name and account, bounded by the profile's limits and escaped, so it is no
 * channel for anyone's message.
 */
export function invitationEmail(to: string, link: string, language: Language, names: { inviter: string; account: string; role: Role }): Email {
  const copy = COPY[language];
  const intro = copy.intro(names.inviter, names.account, ROLE_NAMES[language][names.role]);
  return { to, subject: copy.subject(names.inviter), ...linkEmail(copy.title, [intro, copy.open], link, copy.outro) };
}
