import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  DocumentKind,
  DocumentProblemInfo,
  PageRange,
  PassageField,
  PassageKind,
  SparkTheme,
  WidgetTranslations,
  Language,
  VisitorChannel,
} from '@sparks/contract';
import { createdAt } from './columns.js';
import { tenants, users } from './accounts-schema.js';

/** A chatbot. Everything that belongs to a Spark references it with ON DELETE CASCADE, so deleting it leaves nothing behind. */
export const sparks = pgTable(
  'sparks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pin: boolean('pin').notNull().default(false),
    type: text('type').notNull().default('DOC'),
    isTest: boolean('is_test').notNull().default(false),
    /** Public identifier the website widget uses; unguessable and never the Spark's id. */
    deployToken: text('deploy_token').notNull(),
    initialMessage: text('initial_message').notNull(),
    level: text('level').notNull().default('PUBLIC'),
    sysPrompt: text('sys_prompt').notNull().default('default'),
    /** The widget's palette and icon, once the owner has chosen them. */
    theme: jsonb('theme').$type<SparkTheme>(),
    /** The website origins (https://shop.example) the widget may run on; none until the owner adds one. */
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
    /** How long website visitors' conversations are kept, in days; null keeps them until the owner deletes them. */
    visitorRetentionDays: integer('visitor_retention_days'),
    /** With a language model: may answer from general knowledge where its documents are silent (off: documents only). */
    generalKnowledge: boolean('general_knowledge').notNull().default(false),
    /**
     * When the Spark's first test chat was opened and its first test question asked: what happened,
     * kept after the tests themselves are finished and deleted, so progress never goes backwards.
     */
    firstTestAt: timestamp('first_test_at', { withTimezone: true }),
    firstTestQuestionAt: timestamp('first_test_question_at', { withTimezone: true }),
    /** Widget questions a day the owner allows one visitor, and the whole Spark; null follows the plan's default. */
    widgetVisitorDailyCap: integer('widget_visitor_daily_cap'),
    widgetSparkDailyCap: integer('widget_spark_daily_cap'),
    /** Up to three questions the widget offers a visitor under its welcome message, picked by the owner. */
    suggestedQuestions: jsonb('suggested_questions').$type<string[]>().notNull().default([]),
    /** The owner's own privacy policy, linked where the widget asks a visitor for an e-mail address. */
    privacyUrl: text('privacy_url'),
    /** The welcome message and suggested questions as the owner wrote them for visitors of another language, by language. */
    widgetTranslations: jsonb('widget_translations').$type<WidgetTranslations>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sparks_tenant_created_idx').on(table.tenantId, table.createdAt), uniqueIndex('sparks_deploy_token_key').on(table.deployToken)],
);

export const sparkTests = pgTable(
  'spark_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    params: jsonb('params').$type<{ documentId?: string; waitResponse?: boolean }>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('spark_tests_spark_idx').on(table.sparkId)],
);

/** What a user reported as wrong in a test chat, kept for the Spark's owner. */
export const sparkTestErrors = pgTable(
  'spark_test_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testId: uuid('test_id')
      .notNull()
      .references(() => sparkTests.id, { onDelete: 'cascade' }),
    error: text('error').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('spark_test_errors_test_idx').on(table.testId)],
);

/**
 * A conversation with a Spark: its builder chat, a test chat (testId set) or a website visitor's
 * chat through the widget (visitorHash set). Kept on the server per tenant so it survives a new browser or another instance.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Null only for a system-assistant conversation that is not (yet) about a Spark. */
    sparkId: uuid('spark_id').references(() => sparks.id, { onDelete: 'cascade' }),
    testId: uuid('test_id').references(() => sparkTests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'builder' | 'test' | 'system' | 'widget'>().notNull(),
    /** A widget conversation's visitor: the SHA-256 of the session token kept in their browser (the token itself is never stored). */
    visitorHash: text('visitor_hash'),
    /** The system assistant's topic (new-spark, profile, deploy …) of a 'system' conversation. */
    topic: text('topic'),
    /** A visitor conversation's channel: the website's widget or WhatsApp (docs/decisions/0031). */
    channel: text('channel').$type<VisitorChannel>(),
    /**
     * Set while a person answers a visitor instead of the Spark (docs/decisions/0030): who, the name
     * the visitor sees, since when, and after how many quiet minutes the Spark takes it back.
     */
    takenOverBy: uuid('taken_over_by').references(() => users.id, { onDelete: 'set null' }),
    takenOverName: text('taken_over_name'),
    takenOverAt: timestamp('taken_over_at', { withTimezone: true }),
    handBackMinutes: integer('hand_back_minutes'),
    /**
     * A visitor asked for a person and nobody has joined yet: the owner is e-mailed once the wait
     * is over. Cleared by a take-over or the e-mail; `personMailedAt` keeps a visitor asking again
     * from sending the owner a second e-mail within the hour.
     */
    personAskedAt: timestamp('person_asked_at', { withTimezone: true }),
    personMailedAt: timestamp('person_mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversations_tenant_idx').on(table.tenantId),
    index('conversations_user_kind_idx').on(table.userId, table.kind),
    index('conversations_visitor_idx').on(table.sparkId, table.visitorHash),
    // A Spark's conversations of one kind, by last activity: insights' periods, the visitors' list, retention.
    index('conversations_spark_kind_updated_idx').on(table.sparkId, table.kind, table.updatedAt),
    // The wait sweep reads only the few conversations whose visitor waits for a person.
    index('conversations_person_asked_idx')
      .on(table.personAskedAt)
      .where(sql`${table.personAskedAt} is not null`),
  ],
);

/** One message of a conversation in the shape of product.md §3 (type + data); `seq` keeps the order of a turn's messages. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    // What insights count of an answer, kept beside its data when it is written: an answer's data is
    // large and stored compressed, and reading it back for two small facts made a 100k-message
    // period cost most of a second (docs/decisions/0020).
    unanswered: boolean('unanswered').generatedAlwaysAs(sql`type = 'ai' and data->>'unanswered' = 'true'`),
    citedDocuments: jsonb('cited_documents')
      .$type<string[]>()
      .generatedAlwaysAs(sql`case when type = 'ai' then jsonb_path_query_array(data, '$.citations[*].documentId') end`),
  },
  (table) => [uniqueIndex('chat_messages_conversation_seq_key').on(table.conversationId, table.seq)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A file a Spark answers from. `status` queued → processing → ready | failed is what users see;
 * the ingestion job on the queue does the work, and `attempts` fences a worker the queue gave up
 * on (docs/decisions/0014).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').$type<'queued' | 'processing' | 'ready' | 'failed'>().notNull().default('queued'),
    pages: integer('pages'),
    chunks: integer('chunks').notNull().default(0),
    language: text('language').$type<Language>(),
    problem: jsonb('problem').$type<DocumentProblemInfo>(),
    /** Pages read as a table of contents or an index and left out of the Spark's knowledge. */
    contentsPages: jsonb('contents_pages').$type<PageRange[]>(),
    /** Pages read by OCR, and those of them read with low confidence (shown to the owner to check). */
    ocrPages: jsonb('ocr_pages').$type<PageRange[]>(),
    lowConfidencePages: jsonb('low_confidence_pages').$type<PageRange[]>(),
    /** The versions of one document share the first version's id; the newest ready one is the document. */
    lineageId: uuid('lineage_id'),
    version: integer('version').notNull().default(1),
    /** The version this one replaces once it is read; the older one answers until then. */
    replacesId: uuid('replaces_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Unused since jobs moved to pg-boss; kept one release so instances of the previous version can run beside (docs/operations.md). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Set on files imported from a connected library (integrations-schema.ts): which connection, which item, which version. */
    integrationId: uuid('integration_id'),
    externalId: text('external_id'),
    externalTag: text('external_tag'),
    externalPath: text('external_path'),
    /**
     * The web page a document was read from (a website's page or a file it links to): cited as a
     * link, and counted through its website rather than one by one (docs/decisions/0028).
     */
    sourceUrl: text('source_url'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('documents_spark_created_idx').on(table.sparkId, table.createdAt),
    uniqueIndex('documents_integration_item_key').on(table.integrationId, table.externalId),
    index('documents_tenant_idx').on(table.tenantId),
    index('documents_pending_idx')
      .on(table.createdAt)
      .where(sql`status in ('queued', 'processing')`),
  ],
);

/** A passage of a document, indexed for full-text search in the document's language. */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** Copied from the document so a search is one index scan scoped to the Spark. */
    sparkId: uuid('spark_id').notNull(),
    ord: integer('ord').notNull(),
    page: integer('page'),
    pageEnd: integer('page_end'),
    heading: text('heading'),
    /** The headings above the passage, outermost first; `heading` is the last of them. */
    path: jsonb('path').$type<string[]>().notNull().default([]),
    kind: text('kind').$type<PassageKind>().notNull().default('prose'),
    /** A row's cells under their headers, or a record's fields under their paths. */
    fields: jsonb('fields').$type<PassageField[]>(),
    text: text('text').notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (table) => [
    index('document_chunks_document_idx').on(table.documentId, table.ord),
    index('document_chunks_spark_idx').on(table.sparkId),
    index('document_chunks_tsv_idx').using('gin', table.tsv),
  ],
);

/**
 * How many of a Spark's chunks hold each lexeme, kept by triggers on `document_chunks` (migration
 * 0006). Search uses it to start from a question's rarest words instead of ranking every chunk that
 * shares a common one (docs/decisions/0009).
 */
export const sparkTerms = pgTable(
  'spark_terms',
  {
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    lexeme: text('lexeme').notNull(),
    chunks: integer('chunks').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sparkId, table.lexeme] })],
);
