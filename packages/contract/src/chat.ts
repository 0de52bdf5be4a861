import { z } from 'zod';
import { languageSchema, plainText } from './auth.js';
import { dataEnvelope } from './envelope.js';
import { messageFeedbackSchema } from './feedback.js';

/** Longest message a user may send in one turn. */
export const MESSAGE_MAX_CHARS = 4000;

/** product.md §4: a test chat starts (and restarts) with this message; it is hidden in the chat (product.md §5). */
export const TEST_START_MESSAGE = 'inicio';
/** product.md §4: a Spark chat with no messages starts with the start phrase of the user's language (hidden in the chat). */
export const START_MESSAGES = { en: 'Start', es: 'Empezar' } as const;
/** product.md §4: what the test-satisfaction dialog sends into the Spark's builder chat. */
export const TEST_VERDICTS = { satisfactory: 'test satisfactory', notSatisfactory: 'test not satisfactory' } as const;

export const ACTION_TYPES = ['colorPalette', 'card', 'buttons', 'iconSelector', 'userCard', 'widgetPreview', 'onboarding', 'options', 'event'] as const;

/** A button of a `buttons` action: exactly one of value (sent as a message), goto (a route) or link (a web address). */
export const chatButtonSchema = z.object({
  label: z.string(),
  value: z.string().optional(),
  goto: z.string().optional(),
  link: z.string().optional(),
});
export type ChatButton = z.infer<typeof chatButtonSchema>;

/** Where an answer came from: the passage behind a [n] marker in its text. */
export const citationSchema = z.object({
  marker: z.number().int().positive(),
  title: z.string(),
  page: z.number().int().positive().optional(),
  excerpt: z.string(),
  /** Set when the passage comes from a document: the preview opens the whole passage. */
  chunkId: z.string().optional(),
  documentId: z.string().optional(),
  /** The web page the passage was read from (a website's page): the citation links to it. */
  url: z.string().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

/** A retrieved passage: what a Spark's answer was built from, with its score (the retrieval inspector). */
/**
 * What a passage holds (docs/decisions/0034): prose (paragraphs, lists and code), a table (or part
 * of a long one) whose rows each carry their headers, or one record of a catalogue (or part of a
 * large one).
 */
export const PASSAGE_KINDS = ['prose', 'table', 'record'] as const;
export type PassageKind = (typeof PASSAGE_KINDS)[number];

/** A named value of a passage: a table's cell under its column's header (with its row), or a record's field under its path. */
export const passageFieldSchema = z.object({ name: z.string(), value: z.string(), row: z.number().int().nonnegative().optional() });
export type PassageField = z.infer<typeof passageFieldSchema>;

export const retrievedPassageSchema = z.object({
  marker: z.number().int().positive(),
  chunkId: z.string(),
  documentId: z.string(),
  title: z.string(),
  page: z.number().int().positive().optional(),
  heading: z.string().optional(),
  score: z.number(),
  excerpt: z.string(),
  /** The web page the passage was read from, for a website's pages. */
  url: z.string().optional(),
  /** A row or a record, when it is not prose; its headings, outermost first. */
  kind: z.enum(PASSAGE_KINDS).optional(),
  path: z.array(z.string()).optional(),
});
export type RetrievedPassage = z.infer<typeof retrievedPassageSchema>;

/**
 * product.md §3 message data. Human and ai data hold `content`; ai data may be of type document (with
 * options) or dochanges (with actions carrying a payload); action data carries one card of
 * ACTION_TYPES. Fields of later features pass through untouched, so the schema is open.
 */
export const messageDataSchema = z.looseObject({
  content: z.string().optional(),
  type: z.string().optional(),
  options: z.array(z.string()).optional(),
  actions: z.array(z.looseObject({ label: z.string(), payload: z.string() })).optional(),
  buttons: z.array(chatButtonSchema).optional(),
  title: z.string().optional(),
  info: z.array(z.looseObject({ label: z.string().optional(), value: z.string().optional() })).optional(),
  citations: z.array(citationSchema).optional(),
  /** Every passage the answer was built from, with its score: the test chat's "why this answer?". */
  sources: z.array(retrievedPassageSchema).optional(),
  documentId: z.string().optional(),
  event: z.string().optional(),
  /** product.md §4: the message appears after this many delay units of 800 ms. */
  delay: z.number().int().min(0).max(10).optional(),
  /** An answer that cited nothing from the Spark's knowledge (the knowledge-gap inbox counts it). */
  unanswered: z.boolean().optional(),
  /** The question asked for a person rather than an answer. */
  asksForPerson: z.boolean().optional(),
  /**
   * Said on hand-back, not in a turn of the visitor's: the answer to the question a person left
   * unanswered, or the request to ask it again. The visitor's live stream carries it.
   */
  afterHandBack: z.boolean().optional(),
});
export type MessageData = z.infer<typeof messageDataSchema>;

export const chatMessageSchema = z.object({
  /** Set on stored messages and on answers: what a thumbs up or down names. */
  id: z.string().optional(),
  type: z.string(),
  data: messageDataSchema,
  /** The vote on an answer (test chats): read with the history, never stored in `data`. */
  feedback: messageFeedbackSchema.optional(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const messageText = plainText().pipe(z.string().trim().min(1, 'must not be blank').max(MESSAGE_MAX_CHARS));
const conversationIdSchema = z.uuid({ error: 'must be a conversation id' });

/** A turn of the Spark's builder chat (product.md §7: sparkId, message, optional conversationId). */
export const builderMessageBodySchema = z
  .object({
    sparkId: z.uuid({ error: 'must be a Spark id' }),
    message: z.object({ type: z.literal('human'), content: messageText }).strict(),
    conversationId: conversationIdSchema.nullish(),
    language: languageSchema.optional(),
  })
  .strict();
export type BuilderMessageBody = z.infer<typeof builderMessageBodySchema>;

export const chatTurnSchema = z.object({ conversationId: z.string(), messages: z.array(chatMessageSchema) });
export type ChatTurn = z.infer<typeof chatTurnSchema>;
export const chatTurnResponseSchema = dataEnvelope(chatTurnSchema);

/** product.md §7 test chat: POST /sparks/{sparkId}/chat/{testSparkId} {input:{text}, conversationId}. */
export const testChatBodySchema = z
  .object({
    input: z.object({ text: messageText }).strict(),
    conversationId: conversationIdSchema.nullish(),
    language: languageSchema.optional(),
  })
  .strict();
export type TestChatBody = z.infer<typeof testChatBodySchema>;

export const testChatAnswerSchema = z.object({ ai: chatMessageSchema, conversationId: z.string() });
export type TestChatAnswer = z.infer<typeof testChatAnswerSchema>;
export const testChatResponseSchema = dataEnvelope(testChatAnswerSchema);

/** product.md §7 GET /llm/chat-history/{id}. */
export const chatHistorySchema = z.object({
  conversationId: z.string(),
  sparkId: z.string(),
  testId: z.string().nullable(),
  messages: z.array(chatMessageSchema),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;
export const chatHistoryResponseSchema = dataEnvelope(chatHistorySchema);

/** The builder chat (no testId) or a test chat whose latest conversation to show: what another device or a new sign-in opens with. */
export const latestConversationQuerySchema = z.object({ testId: z.uuid({ error: 'must be a test id' }).optional() }).strict();
export const latestConversationResponseSchema = dataEnvelope(chatHistorySchema.nullable());

/**
 * Server-Sent Events of a streamed turn (requested with `Accept: text/event-stream`):
 * `start` {conversationId}, `delta` {text} as the model writes, `message` {message} for each
 * finished message, then `done` (the same body as the JSON answer) or `error` (the error body).
 */
export const STREAM_EVENTS = { start: 'start', delta: 'delta', message: 'message', done: 'done', error: 'error' } as const;

/** product.md §7: POST /llm/load-doc-message asks whether a message is a request to load a document. */
export const loadDocMessageBodySchema = z
  .object({
    message: z.object({ type: z.literal('human'), content: messageText }).strict(),
    sessionId: z.string().max(100).nullish(),
    sparkId: z.uuid({ error: 'must be a Spark id' }),
  })
  .strict();
export type LoadDocMessageBody = z.infer<typeof loadDocMessageBodySchema>;
export const loadDocMessageResponseSchema = dataEnvelope(z.object({ isDocumentLoadMessage: z.boolean() }));
