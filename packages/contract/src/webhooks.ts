import { z } from 'zod';
import { dataEnvelope } from './envelope.js';

/**
 * What an account's webhook endpoints may be told (docs/decisions/0044): a conversation started, an
 * answer given (hedged or not), a visitor asking for a person, a person taking a conversation over
 * or handing it back, a lead's details sent by an action, a vote, a question the documents did not
 * answer, and a document read or failed.
 */
export const WEBHOOK_EVENTS = [
  'conversation.started',
  'message.answered',
  'person.requested',
  'takeover.started',
  'takeover.ended',
  'lead.sent',
  'feedback.given',
  'gap.opened',
  'document.ready',
  'document.failed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * The headers of every delivery. `Sparks-Signature` is `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the endpoint's secret>`; a receiver recomputes it, compares in
 * constant time and refuses a `t` older than `WEBHOOK_LIMITS.toleranceSeconds`.
 */
export const WEBHOOK_HEADERS = { signature: 'sparks-signature', event: 'sparks-event', delivery: 'sparks-delivery' } as const;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_LIMITS = {
  endpointsPerAccount: 10,
  urlMax: 2000,
  /** How long a failing delivery is tried again, with growing waits, before it is marked failed. */
  retryHours: 24,
  /** The signature's age a receiver should accept at most: a replay after it is refused. */
  toleranceSeconds: 300,
  /** Deliveries the log shows for an endpoint. */
  logSize: 50,
} as const;

export const webhookEndpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** The secret's first characters, to tell which one a receiver holds. */
  secretPrefix: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListResponseSchema = dataEnvelope(z.array(webhookEndpointSchema));
export const webhookEndpointResponseSchema = dataEnvelope(webhookEndpointSchema);

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}` }))
  .min(1, 'must name at least one event')
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, 'must not repeat an event');

export const createWebhookBodySchema = z
  .object({
    url: z.url({ protocol: /^https?$/, error: 'must be an http or https address' }).max(WEBHOOK_LIMITS.urlMax),
    events: eventsSchema,
  })
  .strict();
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .object({ events: eventsSchema.optional(), enabled: z.boolean().optional() })
  .strict()
  .refine((body) => body.events !== undefined || body.enabled !== undefined, 'must set events or enabled');
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

/** An endpoint with its signing secret, shown when it is made and when the secret is rotated, never again. */
export const webhookWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;
export const webhookWithSecretResponseSchema = dataEnvelope(webhookWithSecretSchema);

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  _id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The endpoint's last HTTP status; null when it could not be reached. */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListResponseSchema = dataEnvelope(z.array(webhookDeliverySchema));
export const webhookDeliveryResponseSchema = dataEnvelope(webhookDeliverySchema);

/** What every delivery's body holds: its id (the Sparks-Delivery header too), the event, when, and the event's facts. */
export interface WebhookPayload {
  id: string;
  event: WebhookEvent;
  createdAt: string;
  data: Record<string, string | number | boolean | null>;
}
