import {
  INSTAGRAM_TEXT_MAX_BYTES,
  MESSENGER_TEXT_MAX_CHARS,
  TELEGRAM_TEXT_MAX_CHARS,
  type Language,
  type VisitorChannel,
  type WidgetMessage,
} from '@sparks/contract';
import { channelText, splitText, type PlatformText } from '../../lib/channel-text.js';

export type MessagingSurface = Extract<VisitorChannel, 'messenger' | 'instagram' | 'telegram'>;

/** Plain text: none of these shows Markdown as sent by the Send API or without a parse mode, so marks go and links are written out. */
const plain = (markdown: string) =>
  markdown
    .replace(/^#{1,6}\s+(.+)$/gm, '$1')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, '$1 ($2)');

const PLATFORMS: Record<MessagingSurface, PlatformText> = {
  messenger: { maxChars: MESSENGER_TEXT_MAX_CHARS, marks: plain, rowName: (cell) => cell },
  // Instagram's own page says 1,000 characters, others 1,000 bytes: both hold.
  instagram: { maxChars: INSTAGRAM_TEXT_MAX_BYTES, maxBytes: INSTAGRAM_TEXT_MAX_BYTES, marks: plain, rowName: (cell) => cell },
  telegram: { maxChars: TELEGRAM_TEXT_MAX_CHARS, marks: plain, rowName: (cell) => cell },
};

/** An answer as the surface's messages: its text, then its sources numbered as cited, each part within the platform's limit. */
export const platformReply = (surface: MessagingSurface, reply: WidgetMessage, language: Language): string[] =>
  channelText(reply, language, PLATFORMS[surface]);

/** A person's text (or a fixed reply) cut within the surface's limit. */
export const splitFor = (surface: MessagingSurface, text: string): string[] => splitText(text, PLATFORMS[surface].maxChars, PLATFORMS[surface].maxBytes);
