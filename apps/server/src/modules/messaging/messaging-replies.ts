import type { Language } from '@sparks/contract';
import { CHANNEL_REPLIES } from '../channels/channel-turns-service.js';

/** What the Spark says on Messenger, Instagram and Telegram when it does not answer from the documents, in the sender's language. */
export const MESSAGING_REPLIES = {
  ...CHANNEL_REPLIES,
  /** Someone mentioned the business in their Instagram story: thanked, and told how to ask. */
  storyMention: {
    en: 'Thank you for the mention! If you have a question, write it here and I will answer it.',
    es: '¡Gracias por la mención! Si tienes alguna pregunta, escríbela aquí y te responderé.',
  },
  /** Telegram's /start, when the Spark's own welcome is in another language. */
  start: {
    en: (spark: string) => `Hello! I am ${spark}'s assistant. Write your question and I will answer it.`,
    es: (spark: string) => `¡Hola! Soy el asistente de ${spark}. Escribe tu pregunta y te responderé.`,
  },
  /** The bot was added to a group and may not answer there. */
  groupDeclined: {
    en: (bot: string) => `I only answer in private chats. Write to me directly${bot ? ` at @${bot}` : ''}.`,
    es: (bot: string) => `Solo respondo en chats privados. Escríbeme directamente${bot ? ` a @${bot}` : ''}.`,
  },
  test: {
    en: (spark: string, where: string) => `This is a test message from Sparks: ${where} now answers with ${spark}.`,
    es: (spark: string, where: string) => `Este es un mensaje de prueba de Sparks: ${where} ya responde con ${spark}.`,
  },
} satisfies Record<string, Record<Language, unknown>>;
