import { z } from 'zod';
import { languageSchema, plainText } from './auth.js';
import { MESSAGE_MAX_CHARS } from './chat.js';
import { dataEnvelope } from './envelope.js';
import { widgetMessageSchema } from './widget.js';

/**
 * What an API key may do (docs/decisions/0043): ask a Spark, read or change its knowledge, read its
 * visitors' conversations. A key never reaches billing, the team, other keys or a member's session.
 */
export const API_KEY_SCOPES = ['ask', 'knowledge.read', 'knowledge.write', 'conversations.read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A key's secret begins with this, so a leaked one is recognised (and told apart from a session's token). */
export const API_KEY_PREFIX = 'spk_';
/** Characters of a key shown after it is created: enough to tell keys apart, too few to use one. */
export const API_KEY_SHOWN_CHARS = 12;
/**
 * A write sent again with the same `Idempotency-Key` (printable, up to 200 characters) within a day
 * gets the first answer again, with `Idempotent-Replayed: true`, and changes nothing more.
 */
export const IDEMPOTENCY = { header: 'idempotency-key', replayedHeader: 'idempotent-replayed', maxChars: 200, hours: 24 } as const;

/** The longest a key may be made to last, and the Sparks one key may name. */
export const API_KEY_LIMITS = { nameMax: 80, expiryDaysMax: 365, sparksMax: 100, endUserMax: 200 } as const;

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The key's first characters, as created: "spk_AbC1dE2f". */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The Sparks it may use; null: every Spark of the account. */
  sparkIds: z.array(z.string()).nullable(),
  createdAt: z.string(),
  /** Who created it: its requests act as them, and stop when they leave the account. */
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({
  keys: z.array(apiKeySchema),
  /** Keys in use (not revoked, not expired) against the plan's. */
  allowance: z.object({ used: z.number().int(), limit: z.number().int() }),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
export const apiKeyListResponseSchema = dataEnvelope(apiKeyListSchema);

export const createApiKeyBodySchema = z
  .object({
    name: plainText().pipe(z.string().trim().min(1, 'must not be blank').max(API_KEY_LIMITS.nameMax)),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { error: `must be one of ${API_KEY_SCOPES.join(', ')}` }))
      .min(1, 'must name at least one scope')
      .max(API_KEY_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope'),
    /** Null or absent: every Spark, those created later too. */
    sparkIds: z
      .array(z.uuid({ error: 'must be a Spark id' }))
      .min(1, 'must name at least one Spark, or be null for all')
      .max(API_KEY_LIMITS.sparksMax)
      .nullable()
      .optional(),
    expiresInDays: z.number().int().min(1).max(API_KEY_LIMITS.expiryDaysMax).nullable().optional(),
  })
  .strict();
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** A new key with its secret, which is shown this once and kept only as a hash. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export const createdApiKeyResponseSchema = dataEnvelope(createdApiKeySchema);

/** A developer's question to a Spark: a new conversation, or one the API started before. */
export const askBodySchema = z
  .object({
    message: plainText().pipe(z.string().trim().min(1, 'must not be blank').max(MESSAGE_MAX_CHARS)),
    /** A conversation an earlier answer returned, to continue it. */
    conversationId: z.uuid({ error: 'must be a conversation id' }).optional(),
    /** The developer's own id for the person asking: one person's questions go to one conversation (with a conversationId, it must be theirs). */
    endUserId: plainText().pipe(z.string().trim().min(1).max(API_KEY_LIMITS.endUserMax)).optional(),
    /** The language to answer in when the message does not show one. */
    language: languageSchema.optional(),
  })
  .strict();
export type AskBody = z.infer<typeof askBodySchema>;

export const askAnswerSchema = z.object({
  conversationId: z.string(),
  /** The Spark's answer, with the passages it cites; null while a person of the team has the conversation. */
  answer: widgetMessageSchema.nullable(),
  /** The answer could not be found in the Spark's knowledge (it went to the knowledge-gap inbox). */
  unanswered: z.boolean(),
  /** The question asked for a person. */
  askedForPerson: z.boolean(),
});
export type AskAnswer = z.infer<typeof askAnswerSchema>;
export const askResponseSchema = dataEnvelope(askAnswerSchema);
