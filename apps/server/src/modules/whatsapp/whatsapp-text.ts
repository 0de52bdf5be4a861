import { WHATSAPP_TEXT_MAX_CHARS, type Language, type WidgetMessage } from '@sparks/contract';
import { channelText, splitText, type PlatformText } from '../../lib/channel-text.js';

/** WhatsApp's own marks: *bold*, _italic_, and links written out; it has no tables, so rows come as lines with their first cell bold. */
const WHATSAPP: PlatformText = {
  maxChars: WHATSAPP_TEXT_MAX_CHARS,
  rowName: (cell) => `*${cell}*`,
  marks: (markdown) =>
    markdown
      .replace(/^#{1,6}\s+(.+)$/gm, '*$1*')
      .replace(/\*\*(.+?)\*\*/g, '*$1*')
      .replace(/__(.+?)__/g, '_$1_')
      .replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, '$1 ($2)'),
};

/** Cuts a text into parts WhatsApp accepts. */
export const splitForWhatsapp = (text: string, max = WHATSAPP_TEXT_MAX_CHARS): string[] => splitText(text, max);

/** An answer as WhatsApp messages: its text, then its sources numbered as the answer cites them, with page or link. */
export const whatsappReply = (reply: WidgetMessage, language: Language): string[] => channelText(reply, language, WHATSAPP);
