import { z } from 'zod';
import type { InboundEvent } from './inbound-event.js';

const chatSchema = z.object({ id: z.number().int(), type: z.enum(['private', 'group', 'supergroup', 'channel']) });
const userSchema = z.object({ id: z.number().int(), is_bot: z.boolean(), language_code: z.string().max(35).optional() });

const messageSchema = z.object({
  message_id: z.number().int(),
  date: z.number().int().nonnegative(),
  chat: chatSchema,
  from: userSchema.optional(),
  text: z.string().max(10_000).optional(),
});

const updateSchema = z.object({
  update_id: z.number().int(),
  message: z.unknown().optional(),
  message_reaction: z
    .object({
      chat: chatSchema,
      message_id: z.number().int(),
      user: userSchema.optional(),
      new_reaction: z.array(z.object({ type: z.string(), emoji: z.string().max(32).optional() }).loose()).max(20),
    })
    .optional(),
  my_chat_member: z.object({ chat: chatSchema, date: z.number().int(), new_chat_member: z.object({ status: z.string() }).loose() }).optional(),
});

const languageOf = (code: string | undefined) => (code?.toLowerCase().startsWith('es') ? 'es' : code ? 'en' : null);
/** A command, and the bot's @name after it in a group ("/start@bakery_bot"). */
const COMMAND = /^\/([a-z0-9_]{1,32})(?:@[a-z0-9_]{1,64})?(?:\s|$)/i;

/**
 * What an update holds, as the Spark reads it: a message (text, /start, anything else), a reaction
 * to one of the bot's messages, or the bot added to a group. Answers null when the body is not a
 * Telegram update; an empty list for an update of no interest (a channel post, another bot).
 */
export function readTelegramUpdate(body: unknown): InboundEvent[] | null {
  const update = updateSchema.safeParse(body);
  if (!update.success) return null;
  const { update_id, message: raw, message_reaction: reaction, my_chat_member: member } = update.data;
  if (reaction) {
    const [emoji] = reaction.new_reaction.filter((entry) => entry.type === 'emoji').map((entry) => entry.emoji ?? '');
    return [{ type: 'reaction', surface: 'telegram', from: String(reaction.chat.id), messageId: String(reaction.message_id), emoji: emoji ?? null }];
  }
  if (member) {
    const joined = ['member', 'administrator'].includes(String(member.new_chat_member.status));
    if (!joined || member.chat.type === 'private') return [];
    return [
      {
        type: 'message',
        surface: 'telegram',
        from: String(member.chat.id),
        id: `joined:${update_id}`,
        sentAt: new Date(member.date * 1000),
        kind: 'joined-group',
        text: null,
        language: null,
      },
    ];
  }
  const message = messageSchema.safeParse(raw);
  if (!message.success || message.data.from?.is_bot || message.data.chat.type === 'channel') return [];
  const { message_id, date, chat, from, text } = message.data;
  const command = text?.match(COMMAND)?.[1]?.toLowerCase();
  const kind = command === 'start' ? 'start' : text?.trim() ? 'text' : 'other';
  return [
    {
      type: 'message',
      surface: 'telegram',
      from: String(chat.id),
      // Message ids count per chat: the chat makes them one id.
      id: `${chat.id}:${message_id}`,
      sentAt: new Date(date * 1000),
      kind: chat.type === 'private' ? kind : `group-${kind}`,
      text: kind === 'text' ? (text ?? '') : null,
      language: languageOf(from?.language_code),
    },
  ];
}
