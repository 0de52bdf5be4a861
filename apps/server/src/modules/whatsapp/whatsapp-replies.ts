import type { Language } from '@sparks/contract';
import { CHANNEL_REPLIES } from '../channels/channel-turns-service.js';

/** What the Spark says on WhatsApp when it does not answer from the documents, in the sender's language. */
export const WHATSAPP_REPLIES = {
  ...CHANNEL_REPLIES,
  /** The owner's "Send a test message". */
  test: {
    en: (spark: string) => `This is a test message from Sparks: this WhatsApp number now answers with ${spark}.`,
    es: (spark: string) => `Este es un mensaje de prueba de Sparks: este número de WhatsApp ya responde con ${spark}.`,
  },
} satisfies Record<string, Record<Language, unknown>>;
