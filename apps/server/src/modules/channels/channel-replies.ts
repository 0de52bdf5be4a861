import type { Language } from '@sparks/contract';

/** What the Spark says on a messaging platform when it does not answer from the documents, in the sender's language: the same on every platform. */
export const CHANNEL_REPLIES = {
  /** An image, a voice note, a sticker… */
  notText: {
    en: 'I can only read text messages. Please write your question and I will answer it.',
    es: 'Solo puedo leer mensajes de texto. Escribe tu pregunta y te responderé.',
  },
  /** The plan's interactions or the Spark's daily caps are used up. */
  unavailable: {
    en: 'Sorry, I cannot answer more questions right now. Please try again later.',
    es: 'Lo siento, ahora mismo no puedo responder más preguntas. Vuelve a intentarlo más tarde.',
  },
  /** A person of the team took the conversation over in the Live view. */
  joined: {
    en: (name: string) => `${name || 'Someone from the team'} joined the conversation.`,
    es: (name: string) => `${name || 'Alguien del equipo'} se ha unido a la conversación.`,
  },
  /** The person handed the conversation back, or it went back after a quiet spell. */
  left: {
    en: (name: string) => `${name || 'The team member'} left the conversation. The assistant answers again.`,
    es: (name: string) => `${name || 'La persona del equipo'} ha salido de la conversación. El asistente vuelve a responder.`,
  },
} satisfies Record<string, Record<Language, unknown>>;
