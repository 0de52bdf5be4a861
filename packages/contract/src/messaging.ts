import { z } from 'zod';
import { dataEnvelope } from './envelope.js';
import { WHATSAPP_CALLBACK_PROBLEMS } from './whatsapp.js';

/**
 * The messaging platforms a Spark connects to besides WhatsApp (docs/decisions/0041): Meta's
 * (a Facebook Page's Messenger and its linked Instagram professional account, one connection) and
 * Telegram (a bot).
 */
export const MESSAGING_PLATFORMS = ['meta', 'telegram'] as const;
export type MessagingPlatform = (typeof MESSAGING_PLATFORMS)[number];

/** Messenger's longest text message; a longer answer goes out in parts. */
export const MESSENGER_TEXT_MAX_CHARS = 2000;
/** Instagram's longest text message (1,000 bytes of UTF-8: parts are cut by bytes). */
export const INSTAGRAM_TEXT_MAX_BYTES = 1000;
/** Telegram's longest message text. */
export const TELEGRAM_TEXT_MAX_CHARS = 4096;
/** Meta lets a Page write freely this long after the customer's last message. */
export const META_WINDOW_HOURS = 24;
/** A person's reply with Meta's HUMAN_AGENT tag may come this long after the customer's last message. */
export const META_HUMAN_AGENT_DAYS = 7;

/** What went wrong the last time the platform was called, in plain words, with the platform's own code. */
export const messagingProblemSchema = z.object({
  /** `platform`: anything else, in the platform's own words. */
  kind: z.enum(['token', 'window', 'rate-limit', 'recipient', 'permission', 'network', 'webhook', 'platform']),
  message: z.string(),
  code: z.number().int().nullable(),
  at: z.string(),
});
export type MessagingProblem = z.infer<typeof messagingProblemSchema>;

/**
 * A Spark's channel on a messaging platform as its owner sees it. Tokens and secrets are never sent
 * back. Meta's channel shows the webhook's Callback URL and verify token to paste into the app's
 * settings; Telegram's webhook is set by the product with a secret nobody needs to see.
 */
export const messagingChannelSchema = z.object({
  platform: z.enum(MESSAGING_PLATFORMS),
  connected: z.boolean(),
  /** The Page's or the bot's id on the platform. */
  accountId: z.string().nullable(),
  /** The Page's name or the bot's @username. */
  name: z.string().nullable(),
  /** Meta: the Instagram professional account linked to the Page, when there is one. */
  instagram: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  webhookUrl: z.string().nullable(),
  /** Why the platform cannot call `webhookUrl` as it is (it calls public https addresses only); null when it can. */
  callbackProblem: z.enum(WHATSAPP_CALLBACK_PROBLEMS).nullable(),
  /** Meta: the verify token for the webhook settings; null for Telegram. */
  verifyToken: z.string().nullable(),
  paused: z.boolean(),
  /** Telegram: whether the bot answers in groups it is added to (otherwise it says so and leaves). */
  allowGroups: z.boolean(),
  lastReceivedAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  lastProblem: messagingProblemSchema.nullable(),
});
export type MessagingChannel = z.infer<typeof messagingChannelSchema>;
export const messagingChannelResponseSchema = dataEnvelope(messagingChannelSchema);

export const messagingNotConnected = (platform: MessagingPlatform): MessagingChannel => ({
  platform,
  connected: false,
  accountId: null,
  name: null,
  instagram: null,
  webhookUrl: null,
  callbackProblem: null,
  verifyToken: null,
  paused: false,
  allowGroups: false,
  lastReceivedAt: null,
  lastSentAt: null,
  lastProblem: null,
});

const graphToken = z
  .string()
  .trim()
  .min(20, 'must be the Page access token from Meta: it is much longer')
  .max(2048)
  .regex(/^[A-Za-z0-9_\-.|]+$/, 'must be the Page access token from Meta, without spaces or quotes');

/** A Facebook Page, with the values from Meta's developer console. */
export const connectMetaBodySchema = z
  .object({
    pageId: z
      .string()
      .trim()
      .regex(/^\d{5,25}$/, 'must be the Page ID: digits only'),
    pageAccessToken: graphToken,
    appSecret: z
      .string()
      .trim()
      .regex(/^[a-f0-9]{32}$/i, 'must be the App secret from the app’s basic settings: 32 letters and digits'),
  })
  .strict();
export type ConnectMetaBody = z.infer<typeof connectMetaBodySchema>;

/** A Telegram bot, with the token BotFather gave (`123456789:AA…`). */
export const connectTelegramBodySchema = z
  .object({
    botToken: z
      .string()
      .trim()
      .regex(/^\d{3,20}:[A-Za-z0-9_-]{30,100}$/, 'must be the token BotFather gave, such as 123456789:AAE…'),
  })
  .strict();
export type ConnectTelegramBody = z.infer<typeof connectTelegramBodySchema>;

export const updateMessagingBodySchema = z
  .object({ paused: z.boolean().optional(), allowGroups: z.boolean().optional() })
  .strict()
  .refine((body) => body.paused !== undefined || body.allowGroups !== undefined, 'must say paused or allowGroups');
export type UpdateMessagingBody = z.infer<typeof updateMessagingBodySchema>;

/** The test message goes to whoever last wrote to the Page or the bot: the owner writes first from their own account. */
export const messagingTestResponseSchema = dataEnvelope(z.object({ sent: z.literal(true) }));

export const messagingRouteParams = z.object({
  sparkId: z.uuid({ error: 'must be a Spark id' }),
  platform: z.enum(MESSAGING_PLATFORMS, { error: 'must be meta or telegram' }),
});
export const messagingWebhookParams = z.object({ channelId: z.uuid({ error: 'must be a channel id' }) });
/** Meta's webhook check: the mode, the verify token the owner pasted, and a challenge to echo. */
export const metaVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(40),
  'hub.verify_token': z.string().max(200),
  'hub.challenge': z.string().max(200),
});
export const messagingWebhookResponseSchema = z.string();
