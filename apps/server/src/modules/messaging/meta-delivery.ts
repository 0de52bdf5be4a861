import { z } from 'zod';
import type { InboundEvent } from './inbound-event.js';

/** One messaging event as Meta delivers it; what does not fit is left out, not guessed at. */
const eventSchema = z.object({
  sender: z.object({ id: z.string().regex(/^\d{1,40}$/) }),
  recipient: z.object({ id: z.string() }),
  timestamp: z.number().int().nonnegative(),
  message: z
    .object({
      mid: z.string().min(1).max(512),
      text: z.string().max(20_000).optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
      attachments: z
        .array(z.object({ type: z.string().max(40) }).loose())
        .max(20)
        .optional(),
    })
    .loose()
    .optional(),
  /** `reaction` is Meta's name for it (`like`, `dislike`, `love`…), `emoji` the one drawn. */
  reaction: z
    .object({ mid: z.string().min(1).max(512), action: z.string().max(20), reaction: z.string().max(20).optional(), emoji: z.string().max(32).optional() })
    .loose()
    .optional(),
});

const deliverySchema = z.object({
  object: z.enum(['page', 'instagram']),
  entry: z.array(z.object({ id: z.string(), messaging: z.array(z.unknown()).max(100).optional() }).loose()).max(100),
});

/** Meta's names of the two reactions that are votes: the thumbs, whatever skin tone is drawn. */
const NAMED: Record<string, string> = { like: '👍', dislike: '👎' };

/** Meta's delivery for a Page (`object: "page"`) or its Instagram account (`"instagram"`), as the accounts a channel answers for. */
interface Accounts {
  pageId: string;
  instagramId: string | null;
}

/**
 * What a webhook delivery holds for the channel's Page and Instagram account: customers' messages
 * and reactions. Echoes of the Page's own messages, another account's entries and deleted messages
 * are not the Spark's to answer. Answers null when the body is not a Page or Instagram delivery.
 */
export function readMetaDelivery(body: unknown, accounts: Accounts): InboundEvent[] | null {
  const delivery = deliverySchema.safeParse(body);
  if (!delivery.success) return null;
  const surface = delivery.data.object === 'page' ? 'messenger' : 'instagram';
  const account = surface === 'messenger' ? accounts.pageId : accounts.instagramId;
  const events: InboundEvent[] = [];
  for (const entry of delivery.data.entry) {
    if (!account || entry.id !== account) continue;
    for (const raw of entry.messaging ?? []) {
      const event = eventSchema.safeParse(raw);
      if (!event.success || event.data.sender.id === account) continue;
      const { sender, timestamp, message, reaction } = event.data;
      if (reaction)
        events.push({
          type: 'reaction',
          surface,
          from: sender.id,
          messageId: reaction.mid,
          emoji: reaction.action === 'unreact' ? null : (NAMED[reaction.reaction ?? ''] ?? reaction.emoji ?? ''),
        });
      if (!message || message.is_echo || message.is_deleted) continue;
      const [attachment] = message.attachments ?? [];
      const kind = message.text?.trim() ? 'text' : attachment?.type === 'story_mention' ? 'story-mention' : (attachment?.type ?? 'unsupported');
      events.push({
        type: 'message',
        surface,
        from: sender.id,
        id: message.mid,
        sentAt: new Date(timestamp),
        kind,
        text: kind === 'text' ? (message.text ?? '') : null,
        language: null,
      });
    }
  }
  return events;
}
