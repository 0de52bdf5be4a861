import { z } from 'zod';
import { languageSchema, plainText } from './auth.js';
import { MESSAGE_MAX_CHARS, chatMessageSchema } from './chat.js';
import { dataEnvelope } from './envelope.js';

/** The system assistant's topics (product.md §1): the menu screens, plus the home screen's main_chat. */
export const SYSTEM_TOPICS = ['new-spark', 'settings', 'billing', 'deploy', 'profile', 'onboarding', 'main_chat'] as const;
export type SystemTopic = (typeof SYSTEM_TOPICS)[number];

/** Names the spec's client may use for a topic (navigation ids and route titles) mapped to the topic. */
const TOPIC_ALIASES: Record<string, SystemTopic> = { 'profile-menu': 'profile', onBoarding: 'onboarding', 'main-chat': 'main_chat' };

export function topicOf(name: string): SystemTopic | undefined {
  if ((SYSTEM_TOPICS as readonly string[]).includes(name)) return name as SystemTopic;
  return TOPIC_ALIASES[name];
}

export const systemTopicParamsSchema = z.object({
  sparkname: z.string().transform((name, context) => {
    const topic = topicOf(name);
    if (!topic) {
      context.addIssue({ code: 'custom', message: `must be one of ${SYSTEM_TOPICS.join(', ')}` });
      return z.NEVER;
    }
    return topic;
  }),
});

const jsonField = (value: unknown): Record<string, unknown> | undefined => {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * product.md §7 GET /spark-sys/{sparkname}/chat: query `input {text}`, `sessionId`, and for new-spark
 * `options {sparkId}`. Nested values arrive as `input[text]=…` (how HTTP clients write objects
 * in a query) or as JSON (`input={"text":…}`); both are read into one flat shape here.
 */
export const systemChatQuerySchema = z.preprocess(
  (raw) => {
    if (typeof raw !== 'object' || raw === null) return raw;
    const query = raw as Record<string, unknown>;
    const input = jsonField(query.input);
    const options = jsonField(query.options);
    return {
      text: query['input[text]'] ?? input?.text ?? (input ? undefined : query.input) ?? query.text ?? '',
      sessionId: query.sessionId || undefined,
      sparkId: query['options[sparkId]'] ?? options?.sparkId ?? undefined,
      language: query.language,
      stream: query.stream,
    };
  },
  z
    .object({
      // Empty text starts (or resumes) the conversation with the topic's greeting.
      text: plainText().pipe(z.string().trim().max(MESSAGE_MAX_CHARS)),
      sessionId: z.uuid({ error: 'must be a session id' }).optional(),
      sparkId: z.uuid({ error: 'must be a Spark id' }).optional(),
      language: languageSchema.optional(),
      /** Beyond the spec: `stream=true` answers with incremental events instead of one data line. */
      stream: z.enum(['true', 'false']).optional(),
    })
    .strict(),
);
export type SystemChatQuery = z.infer<typeof systemChatQuerySchema>;

export const systemTurnSchema = z.object({
  messages: z.array(chatMessageSchema),
  sessionId: z.string(),
  /** The Spark the conversation is about, once there is one (the new-spark assistant creates it). */
  sparkId: z.string().nullable(),
});
export type SystemTurn = z.infer<typeof systemTurnSchema>;

/** product.md §7 GET /spark-sys/conversations/{id}. */
export const systemHistorySchema = systemTurnSchema.extend({ topic: z.enum(SYSTEM_TOPICS) });
export type SystemHistory = z.infer<typeof systemHistorySchema>;
export const systemHistoryResponseSchema = dataEnvelope(systemHistorySchema);
