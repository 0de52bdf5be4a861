import { z } from 'zod';
import { dataEnvelope } from './envelope.js';

/** WhatsApp's longest text message; a longer answer goes out in parts. */
export const WHATSAPP_TEXT_MAX_CHARS = 4096;
/** WhatsApp lets a business write freely only this long after the customer's last message. */
export const WHATSAPP_WINDOW_HOURS = 24;

/** What went wrong the last time Meta was called, in plain words, with Meta's own code. */
export const whatsappProblemSchema = z.object({
  /** `token`, `window`, `rate-limit`, `recipient`, `permission`, `network` or `meta`. */
  kind: z.enum(['token', 'window', 'rate-limit', 'recipient', 'permission', 'network', 'meta']),
  message: z.string(),
  /** Meta's error code, when Meta answered with one. */
  code: z.number().int().nullable(),
  at: z.string(),
});
export type WhatsappProblem = z.infer<typeof whatsappProblemSchema>;

/**
 * Why Meta cannot call a Callback URL: Meta only calls public https addresses. `loopback`: the
 * machine's own address (localhost, 127.0.0.1); `private`: one only a private network reaches (a
 * private or link-local address, a name no public DNS has); `plain-http`: public but not https.
 */
export const WHATSAPP_CALLBACK_PROBLEMS = ['loopback', 'private', 'plain-http'] as const;
export type WhatsappCallbackProblem = (typeof WHATSAPP_CALLBACK_PROBLEMS)[number];

/**
 * A Spark's WhatsApp channel as its owner sees it: what to paste into Meta's console (the webhook
 * address and verify token) and whether messages arrive. The access token and the app secret are
 * never sent back: only whether they are set.
 */
export const whatsappChannelSchema = z.object({
  connected: z.boolean(),
  phoneNumberId: z.string().nullable(),
  /** The Callback URL for Meta's webhook settings, on the address the owner uses (docs/decisions/0024); null until connected. */
  webhookUrl: z.string().nullable(),
  /** Why Meta cannot call `webhookUrl` as it is; null when it is a public https address, or not connected. */
  callbackProblem: z.enum(WHATSAPP_CALLBACK_PROBLEMS).nullable(),
  verifyToken: z.string().nullable(),
  paused: z.boolean(),
  lastReceivedAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  lastProblem: whatsappProblemSchema.nullable(),
});
export type WhatsappChannel = z.infer<typeof whatsappChannelSchema>;
export const whatsappChannelResponseSchema = dataEnvelope(whatsappChannelSchema);
/** The card of a Spark with no WhatsApp number connected. */
export const WHATSAPP_NOT_CONNECTED: WhatsappChannel = {
  connected: false,
  phoneNumberId: null,
  webhookUrl: null,
  callbackProblem: null,
  verifyToken: null,
  paused: false,
  lastReceivedAt: null,
  lastSentAt: null,
  lastProblem: null,
};

const digits = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${min},${max}}$`), `must be the ${what}: digits only`);

/** The three values copied from Meta's developer console. */
export const connectWhatsappBodySchema = z
  .object({
    phoneNumberId: digits('Phone number ID', 5, 25),
    /** A permanent (System User) access token. */
    accessToken: z
      .string()
      .trim()
      .min(20, 'must be the access token from Meta: it is much longer')
      .max(2048)
      .regex(/^[A-Za-z0-9_\-.|]+$/, 'must be the access token from Meta, without spaces or quotes'),
    appSecret: z
      .string()
      .trim()
      .regex(/^[a-f0-9]{32}$/i, 'must be the App secret from the app’s basic settings: 32 letters and digits'),
  })
  .strict();
export type ConnectWhatsappBody = z.infer<typeof connectWhatsappBodySchema>;

export const updateWhatsappBodySchema = z.object({ paused: z.boolean() }).strict();
export type UpdateWhatsappBody = z.infer<typeof updateWhatsappBodySchema>;

/** A number to send the test message to, in international form (country code, no + or spaces needed). */
export const whatsappTestBodySchema = z
  .object({
    to: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{6,24}$/, 'must be a phone number with its country code, such as 34600111222')
      .transform((value) => value.replace(/\D/g, ''))
      .pipe(z.string().regex(/^\d{6,15}$/, 'must be a phone number with its country code, such as 34600111222')),
  })
  .strict();
export type WhatsappTestBody = z.input<typeof whatsappTestBodySchema>;
export const whatsappTestResponseSchema = dataEnvelope(z.object({ sent: z.literal(true) }));

/** Meta's webhook check: the mode, the verify token the owner pasted, and a challenge to echo. */
export const whatsappVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(40),
  'hub.verify_token': z.string().max(200),
  'hub.challenge': z.string().max(200),
});
export const whatsappChannelRouteParams = z.object({ channelId: z.uuid({ error: 'must be a channel id' }) });
export const whatsappWebhookResponseSchema = z.string();
