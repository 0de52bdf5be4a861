import type { Language } from '@sparks/contract';
import type { MessagingSurface } from './platform-text.js';

/** Who wrote, where, and where the reply goes: one person on Messenger or Instagram, or a Telegram chat. */
interface InboundBase {
  surface: MessagingSurface;
  /** The sender's id on the platform: a Page-scoped id, an Instagram-scoped id, or the Telegram chat's. */
  from: string;
}

/**
 * What a platform's delivery brings, as every platform's reader hands it over: a message to
 * answer (or to answer with a fixed reply: a greeting, a story mention, something that is not
 * text, a group the bot may not answer in), or a reaction to one of the Spark's replies.
 */
export type InboundEvent =
  | (InboundBase & {
      type: 'message';
      id: string;
      sentAt: Date;
      /** `text`, `start`, `story-mention`, `group`, or what else it was (`image`, `sticker`…). */
      kind: string;
      text: string | null;
      /** The language the platform says the sender uses, when it says. */
      language: Language | null;
    })
  | (InboundBase & { type: 'reaction'; messageId: string; emoji: string | null });
