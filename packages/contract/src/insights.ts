import { z } from 'zod';
import { plainText } from './auth.js';
import { MESSAGE_MAX_CHARS } from './chat.js';
import { dataEnvelope } from './envelope.js';
import { VISITOR_CHANNELS, type VisitorChannel } from './live.js';
import { TEST_CASE_LIMITS } from './test-cases.js';

/** The periods a conversation export covers, in days back from now. */
export const EXPORT_PERIOD_DAYS = ['7', '30', '90', '365'] as const;

/** GET /sparks/{sparkId}/conversations/export: which conversations, over which period, in which format. */
export const conversationExportQuerySchema = z
  .object({
    format: z.enum(['csv', 'json']).default('csv'),
    days: z.enum(EXPORT_PERIOD_DAYS, { error: 'must be 7, 30, 90 or 365' }).default('30'),
    /** Visitors' conversations (the website's and WhatsApp's), the owner's test chats, or both. */
    kinds: z.enum(['widget', 'test', 'all']).default('all'),
  })
  .strict();
export type ConversationExportQuery = z.infer<typeof conversationExportQuerySchema>;

/** One row of an export: one message, with its conversation, time, role, text and the sources it cited. */
export interface ExportedMessage {
  conversationId: string;
  /** Where the conversation took place: a visitor's (widget or WhatsApp) or the owner's test chat. */
  channel: VisitorChannel | 'test';
  time: string;
  role: 'visitor' | 'owner' | 'spark';
  text: string;
  /** "returns.pdf p. 2; guide.pdf" */
  citations: string;
  /** The thumbs up or down on an answer, and its comment: "down: the price is wrong". */
  feedback: string;
}

/** The periods the insights screen shows, in days back from now. */
export const INSIGHTS_PERIOD_DAYS = ['7', '30', '90'] as const;
export const insightsQuerySchema = z.object({ days: z.enum(INSIGHTS_PERIOD_DAYS, { error: 'must be 7, 30 or 90' }).default('30') }).strict();

/** How many top questions and documents the insights screen lists. */
export const INSIGHTS_TOP = 10;

/** What a Spark's visitors (website and WhatsApp) did over a period (UTC days and hours). */
export const insightsSchema = z.object({
  days: z.number().int(),
  /** One entry per day of the period, oldest first, days without visitors included. */
  perDay: z.array(z.object({ date: z.string(), conversations: z.number().int(), questions: z.number().int() })),
  totals: z.object({
    conversations: z.number().int(),
    /** Of those conversations, the ones on the Spark's WhatsApp number. */
    whatsapp: z.number().int(),
    /** Of those conversations, how many came from each channel (the website's widget, WhatsApp, Messenger, Instagram, Telegram). */
    byChannel: z.record(z.enum(VISITOR_CHANNELS), z.number().int()),
    questions: z.number().int(),
    /** Answers that cited nothing from the Spark's knowledge. */
    unanswered: z.number().int(),
    thumbsUp: z.number().int(),
    thumbsDown: z.number().int(),
  }),
  /** Questions asked in each hour of the day (UTC), 24 entries. */
  busiestHours: z.array(z.number().int()),
  /** Questions grouped by their normalised text, most asked first. */
  topQuestions: z.array(z.object({ question: z.string(), count: z.number().int() })),
  citedMost: z.array(z.object({ documentId: z.string(), name: z.string(), citations: z.number().int() })),
  /** Ready documents no answer of the period cited. */
  neverCited: z.array(z.object({ documentId: z.string(), name: z.string() })),
});
export type Insights = z.infer<typeof insightsSchema>;
export const insightsResponseSchema = dataEnvelope(insightsSchema);

export const GAP_STATUSES = ['open', 'answered', 'document', 'dismissed'] as const;
export type GapStatus = (typeof GAP_STATUSES)[number];

/** A question the Spark could not answer, or whose answer was thumbed down, grouped when asked alike. */
export const knowledgeGapSchema = z.object({
  _id: z.string(),
  question: z.string(),
  unanswered: z.number().int(),
  thumbsDown: z.number().int(),
  lastComment: z.string().nullable(),
  lastAskedAt: z.string(),
  status: z.enum(GAP_STATUSES),
  /** The owner answer that resolved it, while it exists. */
  answerDocumentId: z.string().nullable(),
  testCaseId: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type KnowledgeGap = z.infer<typeof knowledgeGapSchema>;
export const gapsQuerySchema = z.object({ status: z.enum(['open', 'resolved']).default('open') }).strict();
export const gapListResponseSchema = dataEnvelope(z.array(knowledgeGapSchema));
export const gapResponseSchema = dataEnvelope(knowledgeGapSchema);

/** Longest owner answer. */
export const OWNER_ANSWER_MAX = 4000;
const ownerAnswerText = plainText().pipe(z.string().trim().min(1, 'must not be blank').max(OWNER_ANSWER_MAX));
const mentionText = plainText().pipe(z.string().trim().min(1).max(TEST_CASE_LIMITS.factChars));

/**
 * The owner's answer to a gap: it becomes an owner answer in the Spark's knowledge, and with
 * `saveTest` a saved test case asking the question, whose good answer mentions `mustMention`.
 */
export const answerGapBodySchema = z
  .object({
    answer: ownerAnswerText,
    saveTest: z.boolean().default(true),
    mustMention: z.array(mentionText).max(TEST_CASE_LIMITS.facts).default([]),
  })
  .strict();
export type AnswerGapBody = z.input<typeof answerGapBodySchema>;

/** Resolving a gap without writing an answer: a document was attached instead, or it is dismissed. */
export const resolveGapBodySchema = z.object({ by: z.enum(['document', 'dismissed']) }).strict();

/** The question asked again of the Spark as it is now. */
export const gapCheckSchema = z.object({ answered: z.boolean(), answer: z.string(), citedTitles: z.array(z.string()) });
export type GapCheck = z.infer<typeof gapCheckSchema>;
export const gapCheckResponseSchema = dataEnvelope(gapCheckSchema);

/** An owner answer as its editor shows it. */
export const ownerAnswerSchema = z.object({ documentId: z.string(), question: z.string(), answer: z.string() });
export type OwnerAnswer = z.infer<typeof ownerAnswerSchema>;
export const ownerAnswerResponseSchema = dataEnvelope(ownerAnswerSchema);
export const updateOwnerAnswerBodySchema = z
  .object({ question: plainText().pipe(z.string().trim().min(1).max(MESSAGE_MAX_CHARS)), answer: ownerAnswerText })
  .strict();

/** A visitor's request for a person: their address, their question and the owner's reply. */
export const visitorRequestSchema = z.object({
  _id: z.string(),
  email: z.string(),
  question: z.string(),
  language: z.enum(['en', 'es']),
  status: z.enum(['open', 'answered']),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  conversationId: z.string().nullable(),
  createdAt: z.string(),
  /** The owner answer this question already has in the Spark's knowledge: adding a reply makes its next version. */
  ownerAnswerId: z.string().nullable(),
});
export type VisitorRequest = z.infer<typeof visitorRequestSchema>;
export const visitorRequestListResponseSchema = dataEnvelope(z.array(visitorRequestSchema));
export const visitorRequestResponseSchema = dataEnvelope(visitorRequestSchema);

/**
 * The owner's reply to a request, e-mailed to the visitor. `knowledge`, only when the owner opts in,
 * is what the Spark learns from it (the reply as the owner edited it, without the greeting): the
 * question's owner answer, or its next version when it has one.
 */
export const answerRequestBodySchema = z.object({ answer: ownerAnswerText, knowledge: ownerAnswerText.optional() }).strict();
