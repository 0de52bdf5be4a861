import type { Language } from '@sparks/contract';

/** What the Spark says on WhatsApp when it does not answer from the documents, in the sender's language. */
export const WHATSAPP_REPLIES = {
  /** An image, a voice note, a location, a sticker… */
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
  /** The owner's "Send a test message". */
  test: {
    en: (spark: string) => `This is a test message from Sparks: this WhatsApp number now answers with ${spark}.`,
    es: (spark: string) => `Este es un mensaje de prueba de Sparks: este número de WhatsApp ya responde con ${spark}.`,
  },
} satisfies Record<string, Record<Language, unknown>>;
