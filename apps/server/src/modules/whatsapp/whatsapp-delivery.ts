import { z } from 'zod';

/** One message as the webhook delivers it; anything that does not fit is left out, not guessed at. */
const messageSchema = z.object({
  from: z.string().regex(/^\d{5,20}$/),
  id: z.string().min(1).max(256),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().min(1).max(40),
  text: z.object({ body: z.string().max(10_000) }).optional(),
  /** A reaction to one of the business's messages; an empty emoji takes it back. */
  reaction: z.object({ message_id: z.string().min(1).max(256), emoji: z.string().max(32) }).optional(),
});

const statusSchema = z.object({
  status: z.string(),
  errors: z.array(z.object({ code: z.number().int().optional(), title: z.string().optional(), message: z.string().optional() })).optional(),
});

const deliverySchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        changes: z.array(z.object({ field: z.string(), value: z.object({ metadata: z.object({ phone_number_id: z.string() }).optional() }).loose() })).max(100),
      }),
    )
    .max(100),
});

export interface DeliveredMessage {
  id: string;
  from: string;
  sentAt: Date;
  kind: string;
  text: string | null;
  reaction?: { messageId: string; emoji: string };
}

export interface DeliveredFailure {
  code: number | null;
  message: string;
}

/**
 * What a webhook delivery holds for one business number (Meta's `messages` field): the customers'
 * messages and the sent messages that failed. Another number's changes are not this channel's.
 * Answers null when the body is not a WhatsApp delivery at all.
 */
export function readDelivery(body: unknown, phoneNumberId: string): { messages: DeliveredMessage[]; failures: DeliveredFailure[] } | null {
  const delivery = deliverySchema.safeParse(body);
  if (!delivery.success) return null;
  const messages: DeliveredMessage[] = [];
  const failures: DeliveredFailure[] = [];
  for (const { changes } of delivery.data.entry) {
    for (const { field, value } of changes) {
      if (field !== 'messages' || value.metadata?.phone_number_id !== phoneNumberId) continue;
      for (const raw of Array.isArray(value.messages) ? value.messages : []) {
        const message = messageSchema.safeParse(raw);
        if (!message.success) continue;
        const { id, from, timestamp, type, text, reaction } = message.data;
        messages.push({
          id,
          from,
          sentAt: new Date(Number(timestamp) * 1000),
          kind: type,
          text: type === 'text' ? (text?.body ?? '') : null,
          ...(type === 'reaction' && reaction ? { reaction: { messageId: reaction.message_id, emoji: reaction.emoji } } : {}),
        });
      }
      for (const raw of Array.isArray(value.statuses) ? value.statuses : []) {
        const status = statusSchema.safeParse(raw);
        if (!status.success || status.data.status !== 'failed') continue;
        const [error] = status.data.errors ?? [];
        failures.push({ code: error?.code ?? null, message: error?.message ?? error?.title ?? '' });
      }
    }
  }
  return { messages, failures };
}
