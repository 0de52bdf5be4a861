import { z } from 'zod';
import { languageSchema, plainText } from './auth.js';
import { citationSchema } from './chat.js';
import { dataEnvelope } from './envelope.js';

/** A visitor conversation is live while its last message is at most this old (the Live view's list). */
export const LIVE_ACTIVE_MINUTES = 30;
/** A conversation taken over goes back to the Spark after this much quiet, unless the owner chose another. */
export const HAND_BACK_MINUTES_DEFAULT = 10;
export const HAND_BACK_MINUTES_MAX = 120;
/** A visitor who asked for a person and was not joined within this many minutes: the owner is e-mailed. */
export const PERSON_WAIT_MINUTES = 3;
/** The longest message an owner writes into a live conversation. */
export const OWNER_MESSAGE_MAX_CHARS = 2000;
/**
 * The live event types a stream sends: a stored message (with its id), someone typing, the
 * conversation's state; and `ended`, the last event of an owner's stream whose session ended.
 */
export const LIVE_EVENTS = { message: 'message', typing: 'typing', state: 'state', conversation: 'conversation', ended: 'ended' } as const;
/**
 * Why the server ended a stream for good: `session-ended` is a logout, a password reset, a
 * replayed refresh token, or a session expired or removed. Reconnecting with the same session cannot help.
 */
export const LIVE_STREAM_END_REASONS = ['session-ended'] as const;
export const liveStreamEndSchema = z.object({ reason: z.enum(LIVE_STREAM_END_REASONS) });
export type LiveStreamEnd = z.infer<typeof liveStreamEndSchema>;

/** Where a visitor wrote from: the website's chat widget, the Spark's WhatsApp number (docs/decisions/0031), its Facebook Page, Instagram account or Telegram bot (docs/decisions/0041), or a developer's app through the API (docs/decisions/0043). */
export const VISITOR_CHANNELS = ['widget', 'whatsapp', 'messenger', 'instagram', 'telegram', 'api'] as const;
export type VisitorChannel = (typeof VISITOR_CHANNELS)[number];

/** Who wrote a live message: the visitor, the Spark, the owner who took over, or a notice of someone joining or leaving. */
export const LIVE_ROLES = ['visitor', 'spark', 'owner', 'notice'] as const;
export type LiveRole = (typeof LIVE_ROLES)[number];

/** A notice in the conversation: the owner joined, left, or the Spark took it back after a quiet spell. */
export const LIVE_NOTICES = ['joined', 'left', 'handed-back'] as const;
export type LiveNotice = (typeof LIVE_NOTICES)[number];
/** Stored messages are untyped JSON: a notice of another kind (or none) is not one to show. */
export const isLiveNotice = (value: unknown): value is LiveNotice => typeof value === 'string' && (LIVE_NOTICES as readonly string[]).includes(value);

export const takeoverSchema = z.object({
  /** The owner's name as the visitor sees it. */
  name: z.string(),
  at: z.string(),
  handBackMinutes: z.number().int().positive(),
});
export type Takeover = z.infer<typeof takeoverSchema>;

/** One message of a live conversation; `seq` is its event id: a stream resumed after it sends what came later. */
export const liveMessageSchema = z.object({
  seq: z.number().int().positive(),
  role: z.enum(LIVE_ROLES),
  content: z.string(),
  /** The owner's name on their messages and notices. */
  name: z.string().optional(),
  notice: z.enum(LIVE_NOTICES).optional(),
  /** The Spark's answer had nothing to go on, or the visitor asked for a person. */
  unanswered: z.boolean().optional(),
  askedForPerson: z.boolean().optional(),
  /** The sources a Spark's answer cites, numbered as the visitor read them. */
  citations: z.array(citationSchema).optional(),
  createdAt: z.string(),
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** A visitor conversation in the Live view: newest activity first, with what calls for a person. */
export const liveConversationSchema = z.object({
  id: z.string(),
  channel: z.enum(VISITOR_CHANNELS),
  language: languageSchema.nullable(),
  lastMessage: z.string(),
  lastRole: z.enum(LIVE_ROLES),
  lastAt: z.string(),
  startedAt: z.string(),
  messages: z.number().int().nonnegative(),
  askedForPerson: z.boolean(),
  votedDown: z.boolean(),
  takenOver: takeoverSchema.nullable(),
});
export type LiveConversation = z.infer<typeof liveConversationSchema>;
export const liveConversationsResponseSchema = dataEnvelope(z.array(liveConversationSchema));

export const liveTranscriptSchema = z.object({ conversation: liveConversationSchema, messages: z.array(liveMessageSchema) });
export type LiveTranscript = z.infer<typeof liveTranscriptSchema>;
export const liveTranscriptResponseSchema = dataEnvelope(liveTranscriptSchema);

export const takeOverBodySchema = z.object({ handBackMinutes: z.number().int().min(1).max(HAND_BACK_MINUTES_MAX).default(HAND_BACK_MINUTES_DEFAULT) }).strict();
export type TakeOverBody = z.input<typeof takeOverBodySchema>;

export const ownerMessageBodySchema = z.object({ text: plainText().pipe(z.string().trim().min(1, 'must not be blank').max(OWNER_MESSAGE_MAX_CHARS)) }).strict();
export type OwnerMessageBody = z.infer<typeof ownerMessageBodySchema>;

/**
 * Where a stream resumes: the last event id the client received (the `Last-Event-ID` header an
 * EventSource sends on reconnecting, or `after` in the query). Digits only, within a message count.
 */
export const liveResumeSchema = z
  .string()
  .regex(/^\d{1,9}$/, 'must be the id of an event received')
  .transform(Number);
export const liveStreamQuerySchema = z.object({ after: liveResumeSchema.optional() }).strict();

/** One of the owner's messages, saved as the answer to the visitor's question before it. */
export const saveLiveAnswerBodySchema = z.object({ seq: z.number().int().min(1).max(999_999_999) }).strict();
export type SaveLiveAnswerBody = z.infer<typeof saveLiveAnswerBodySchema>;
export const savedLiveAnswerSchema = z.object({
  /** The owner answer (a document of kind `answer`) the message became, or its new version. */
  ownerAnswerId: z.string(),
  question: z.string(),
  answer: z.string(),
  /** The conversation's open requests for a person, now marked answered. */
  requestsAnswered: z.number().int().nonnegative(),
});
export type SavedLiveAnswer = z.infer<typeof savedLiveAnswerSchema>;
export const savedLiveAnswerResponseSchema = dataEnvelope(savedLiveAnswerSchema);

/** A conversation's state on the owner's and the visitor's screens. */
export const liveStateSchema = z.object({ takenOver: takeoverSchema.nullable() });
export type LiveState = z.infer<typeof liveStateSchema>;
export const liveStateResponseSchema = dataEnvelope(liveStateSchema);
export const liveMessageResponseSchema = dataEnvelope(liveMessageSchema);
export const liveTypingResponseSchema = dataEnvelope(z.object({ sent: z.literal(true) }));
/** An event stream (text/event-stream): `message` events with their id, `typing` and `state` without. */
export const liveStreamResponseSchema = z.string().describe('text/event-stream');
