import { z } from 'zod';
import { emailSchema, languageSchema, plainText } from './auth.js';
import { MESSAGE_MAX_CHARS } from './chat.js';
import { actionOfferSchema } from './actions.js';
import { dataEnvelope } from './envelope.js';
import { FEEDBACK_RATINGS } from './feedback.js';
import { LIVE_NOTICES } from './live.js';
import type { Plan } from './plans.js';
import { sparkThemeSchema } from './spark-looks.js';

/** A Spark's public deploy token, as the website's script tag carries it. */
export const deployTokenSchema = z.string().regex(/^dpl_[\w-]{10,64}$/, 'must be a deploy token');

/** How many websites one Spark's widget may run on. */
export const MAX_ALLOWED_ORIGINS = 20;

/**
 * A website the widget may run on, as its origin. Owners type "shop.example", "https://shop.example/"
 * or a page address; all become `https://shop.example` (http only for localhost-style hosts they name with it).
 */
export const allowedOriginSchema = plainText()
  .pipe(z.string().trim().min(1).max(200))
  .transform((value, context) => {
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a website address such as https://shop.example' });
      return z.NEVER;
    }
    // Letters, digits, dots and hyphens only (after punycode): the origin goes into a CSP header as it is.
    const plainHost = /^[a-z0-9.-]+$/.test(url.hostname) && (url.hostname.includes('.') || url.hostname === 'localhost');
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !plainHost) {
      context.addIssue({ code: 'custom', message: 'must be a website address such as https://shop.example' });
      return z.NEVER;
    }
    return url.origin;
  });

/** Widget questions one visitor session may ask a Spark in a UTC day, unless its owner sets another cap. */
export const WIDGET_VISITOR_DAILY_DEFAULT = 20;
/** The highest daily cap an owner may set (per visitor or per Spark). */
export const WIDGET_DAILY_CAP_MAX = 100_000;

/**
 * Widget questions a Spark may answer in a UTC day by default: a fifteenth of the plan's monthly
 * interactions, so a script that forges an allowed website cannot spend the month in a day.
 */
export const widgetSparkDailyDefault = (plan: Plan): number => Math.max(WIDGET_VISITOR_DAILY_DEFAULT, Math.ceil(plan.limits.interactionsPerMonth / 15));

/** A daily cap the owner sets; null goes back to the plan's default. */
const dailyCapSchema = z
  .number({ error: 'must be a whole number of questions' })
  .int('must be a whole number of questions')
  .min(1, 'must be at least 1')
  .max(WIDGET_DAILY_CAP_MAX)
  .nullable();

/** How long a Spark keeps its website visitors' conversations, in days; null keeps them until deleted. */
export const VISITOR_RETENTION_DAYS = [30, 90, 365] as const;
/** Questions the widget offers under its welcome message. */
export const SUGGESTED_QUESTIONS_MAX = 3;
export const SUGGESTED_QUESTION_CHARS = 120;
const suggestedQuestionSchema = plainText().pipe(
  z.string().trim().min(1, 'must not be blank').max(SUGGESTED_QUESTION_CHARS, `must be at most ${SUGGESTED_QUESTION_CHARS} characters`),
);

/** The owner's privacy policy, linked from the widget's contact form: a web address. */
const privacyUrlSchema = plainText()
  .pipe(z.string().trim().max(500))
  .pipe(z.url({ protocol: /^https?$/, error: 'must be a web address such as https://shop.example/privacy' }))
  .nullable();

/**
 * The widget's welcome message and suggested questions as the owner wrote them for visitors who
 * read one language; what is left out, visitors of that language see as the Spark has it.
 */
export const widgetTranslationSchema = z
  .object({
    initialMessage: plainText().pipe(z.string().trim().min(1, 'must not be blank').max(MESSAGE_MAX_CHARS)).nullable(),
    /** Each suggested question, as the Spark has it, and how visitors of this language read it. */
    suggestedQuestions: z
      .record(z.string().max(SUGGESTED_QUESTION_CHARS), suggestedQuestionSchema)
      .refine((questions) => Object.keys(questions).length <= SUGGESTED_QUESTIONS_MAX, `must translate at most ${SUGGESTED_QUESTIONS_MAX} questions`),
  })
  .strict();
export type WidgetTranslation = z.infer<typeof widgetTranslationSchema>;
/** A translation per visitors' language; null removes one. */
const widgetTranslationsSchema = z.partialRecord(languageSchema, widgetTranslationSchema);
export type WidgetTranslations = z.infer<typeof widgetTranslationsSchema>;

const retentionSchema = z.literal(VISITOR_RETENTION_DAYS, { error: 'must be 30, 90, 365 or null (kept until deleted)' }).nullable();
export type VisitorRetentionDays = z.infer<typeof retentionSchema>;

/** PATCH /sparks/{sparkId}/deploy: the websites the widget may run on (replaces the list), its daily caps, how long visitors' conversations are kept. */
export const deploySettingsBodySchema = z
  .object({
    allowedOrigins: z.array(allowedOriginSchema).max(MAX_ALLOWED_ORIGINS).optional(),
    dailyCaps: z.object({ perVisitor: dailyCapSchema.optional(), perSpark: dailyCapSchema.optional() }).strict().optional(),
    visitorRetentionDays: retentionSchema.optional(),
    suggestedQuestions: z.array(suggestedQuestionSchema).max(SUGGESTED_QUESTIONS_MAX, `must offer at most ${SUGGESTED_QUESTIONS_MAX} questions`).optional(),
    privacyUrl: privacyUrlSchema.optional(),
    /** Replaces the translation of each language named; null removes it. */
    translations: z.partialRecord(languageSchema, widgetTranslationSchema.nullable()).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'must set allowedOrigins, dailyCaps, visitorRetentionDays, suggestedQuestions, privacyUrl or translations',
  });
export type DeploySettingsBody = z.infer<typeof deploySettingsBodySchema>;

/** A daily cap in force, and whether it is the plan's default. */
const capInForceSchema = z.object({ value: z.number().int(), isDefault: z.boolean(), default: z.number().int() });

/** The owner's view of a Spark's deployment: its token, where it may run, the tag to paste, its caps and its use. */
export const deploymentSchema = z.object({
  sparkId: z.string(),
  deployToken: z.string(),
  allowedOrigins: z.array(z.string()),
  snippet: z.string(),
  /** False without PUBLIC_URL: the snippet names the address the owner is using, which websites' visitors may not reach. */
  publicUrlSet: z.boolean(),
  dailyCaps: z.object({ perVisitor: capInForceSchema, perSpark: capInForceSchema }),
  /** Widget questions this Spark answered today and this calendar month (UTC), and the plan's month of interactions (all channels). */
  usage: z.object({ today: z.number().int(), month: z.number().int(), interactionsThisMonth: z.number().int(), interactionsPerMonth: z.number().int() }),
  /** Websites where the widget was refused in the last week, newest first: not in the list, or more Sparks on websites than the plan allows. */
  refusals: z.array(z.object({ origin: z.string(), reason: z.enum(['not-listed', 'over-plan']), times: z.number().int(), lastAt: z.string() })),
  /** Days visitors' conversations are kept before the hourly housekeeping deletes them; null: until deleted. */
  visitorRetentionDays: z.number().int().positive().nullable(),
  /** The questions the widget offers visitors, and questions proposed from the documents' headings to pick from. */
  suggestedQuestions: z.array(z.string()),
  proposedQuestions: z.array(z.string()),
  privacyUrl: z.string().nullable(),
  /** The Spark's welcome message, the language it and the suggested questions are written in, and what visitors of the other languages see instead. */
  initialMessage: z.string(),
  textLanguage: languageSchema,
  translations: widgetTranslationsSchema,
});
export type Deployment = z.infer<typeof deploymentSchema>;
export const deploymentResponseSchema = dataEnvelope(deploymentSchema);

/** What a visitor's browser may know of a Spark: its public look, nothing of its configuration. */
export const widgetLookSchema = z.object({
  name: z.string(),
  initialMessage: z.string(),
  theme: sparkThemeSchema,
  suggestedQuestions: z.array(z.string()),
  /** Where the contact form links for how the visitor's address is used (the owner's, else the product's). */
  privacyUrl: z.string(),
});
export type WidgetLook = z.infer<typeof widgetLookSchema>;
export const widgetLookResponseSchema = dataEnvelope(widgetLookSchema);

/** A visitor's question. */
export const widgetChatBodySchema = z
  .object({ text: plainText().pipe(z.string().trim().min(1, 'must not be blank').max(MESSAGE_MAX_CHARS)), language: languageSchema.optional() })
  .strict();
export type WidgetChatBody = z.infer<typeof widgetChatBodySchema>;

/** A source an answer cites, as the visitor sees it. */
export const widgetCitationSchema = z.object({
  marker: z.number().int(),
  title: z.string(),
  page: z.number().int().optional(),
  excerpt: z.string(),
  /** The web page a website's passage was read from: the title links there. */
  url: z.string().optional(),
});
export type WidgetCitation = z.infer<typeof widgetCitationSchema>;

export const widgetMessageSchema = z.object({
  /** An answer's id, for the visitor's thumbs up or down. */
  id: z.string().optional(),
  /** `owner`: a person who took the conversation over; `notice`: someone joined or left (the widget words it). */
  role: z.enum(['visitor', 'spark', 'owner', 'notice']),
  content: z.string(),
  /** The owner's name, on their messages and notices. */
  name: z.string().optional(),
  notice: z.enum(LIVE_NOTICES).optional(),
  /** A live message's event id: the widget's stream resumes after the last one it has. */
  seq: z.number().int().positive().optional(),
  citations: z.array(widgetCitationSchema).optional(),
  /** The visitor's vote on this answer. */
  feedback: z.enum(FEEDBACK_RATINGS).optional(),
  /** The Spark had no answer, or the visitor asked for a person: the widget offers to pass the question on. */
  offerContact: z.boolean().optional(),
  /** An action the visitor's message asked for: the widget shows its form for the inputs still missing. */
  action: actionOfferSchema.optional(),
  createdAt: z.string(),
});
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

/** One answered question; `visitorToken` is the session to send back (new on the visitor's first question). */
export const widgetTurnSchema = z.object({ visitorToken: z.string(), messages: z.array(widgetMessageSchema) });
export type WidgetTurn = z.infer<typeof widgetTurnSchema>;
export const widgetTurnResponseSchema = dataEnvelope(widgetTurnSchema);

/** `lastSeq`: the id of the conversation's last message, after which the widget's live stream starts. */
export const widgetHistorySchema = z.object({ messages: z.array(widgetMessageSchema), lastSeq: z.number().int().nonnegative().optional() });
export type WidgetHistory = z.infer<typeof widgetHistorySchema>;
export const widgetHistoryResponseSchema = dataEnvelope(widgetHistorySchema);

/** The owner's list of visitors' conversations with a Spark, newest first, optionally searched. */
export const visitorConversationsQuerySchema = z
  .object({ q: plainText().pipe(z.string().trim().max(200)).optional(), before: z.iso.datetime().optional() })
  .strict();
export const visitorConversationSummarySchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  updatedAt: z.string(),
  messages: z.number().int(),
  /** The visitor's first question. */
  preview: z.string(),
});
export type VisitorConversationSummary = z.infer<typeof visitorConversationSummarySchema>;
export const visitorConversationListResponseSchema = dataEnvelope(z.array(visitorConversationSummarySchema));

/** A visitor asking for a person to answer by e-mail: their address, what they want to know and their consent. */
export const widgetContactBodySchema = z
  .object({
    email: emailSchema,
    question: plainText().pipe(z.string().trim().min(1, 'must not be blank').max(MESSAGE_MAX_CHARS)),
    consent: z.literal(true, { error: 'must be accepted' }),
    language: languageSchema.optional(),
  })
  .strict();
export type WidgetContactBody = z.infer<typeof widgetContactBodySchema>;
export const widgetContactResponseSchema = dataEnvelope(z.object({ received: z.literal(true) }));

/** How many requests one visitor session may leave a Spark in a day. */
export const CONTACT_REQUESTS_PER_DAY = 3;
/**
 * How many requests one address may leave a Spark in a day, whatever sessions it uses: dropping
 * the session must not reset a visitor's count, and an office behind one address still has room.
 */
export const CONTACT_REQUESTS_PER_ADDRESS_PER_DAY = 10;
