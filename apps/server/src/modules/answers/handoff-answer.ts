import type { Language, VisitorChannel } from '@sparks/contract';

/** A messaging app has no form below the answer: a person joins the conversation where it is. */
const HERE: Record<Language, string> = {
  en: 'Of course. Someone from the team will join this conversation here as soon as they can.',
  es: 'Claro. Alguien del equipo se unirá a esta conversación aquí en cuanto pueda.',
};

/**
 * What the Spark says when a visitor asks for a person: what will happen, honestly, on the channel
 * they wrote from. The owner hears of it at once and may join here; if nobody does within a few
 * minutes they are e-mailed. The widget offers an e-mail form below its answer, which the messaging apps have
 * not. Said in the visitor's language, instead of searching the documents for "a person" and
 * answering that it knows nothing about it; kept as said, so the Live view shows what they read.
 */
export const HANDOFF_ANSWER: Record<VisitorChannel, Record<Language, string>> = {
  widget: {
    en: 'Of course. Someone from the team will join this conversation here if they can, or reply by e-mail: leave your e-mail address below so they can write to you.',
    es: 'Claro. Alguien del equipo se unirá a esta conversación aquí si puede, o te responderá por correo: deja tu correo electrónico abajo para que pueda escribirte.',
  },
  whatsapp: HERE,
  messenger: HERE,
  instagram: HERE,
  telegram: HERE,
  // The developer's app shows the conversation: a person's reply reaches it when the app reads the conversation again.
  api: HERE,
};
