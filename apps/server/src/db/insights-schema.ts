import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './accounts-schema.js';
import { chatMessages, conversations, documents, sparks } from './core-schema.js';
import { testCases } from './test-runs-schema.js';
import { createdAt } from './columns.js';
import type { Language } from '@sparks/contract';

/** A thumbs up or down on one answer: one per answer, so a visitor (or the owner in a test chat) changes it rather than adds one. */
export const messageFeedback = pgTable(
  'message_feedback',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    rating: text('rating').$type<'up' | 'down'>().notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('message_feedback_spark_idx').on(table.sparkId, table.createdAt)],
);

/**
 * A question a Spark could not answer, or whose answer was thumbed down, grouped by its normalised
 * text: the owner's knowledge-gap inbox. Resolving it records how (an owner answer, a document, dismissed).
 */
export const knowledgeGaps = pgTable(
  'knowledge_gaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    /** The question lower-cased, without accents, punctuation or repeated spaces: the same question asked twice groups here. */
    questionKey: text('question_key').notNull(),
    /** The question as it was last asked. */
    question: text('question').notNull(),
    unanswered: integer('unanswered').notNull().default(0),
    thumbsDown: integer('thumbs_down').notNull().default(0),
    /** The latest comment left with a thumbs down. */
    lastComment: text('last_comment'),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<'open' | 'answered' | 'document' | 'dismissed'>().notNull().default('open'),
    /** The owner answer that resolved it (a document of kind `answer`). */
    answerDocumentId: uuid('answer_document_id').references(() => documents.id, { onDelete: 'set null' }),
    testCaseId: uuid('test_case_id').references(() => testCases.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('knowledge_gaps_question_key').on(table.sparkId, table.questionKey),
    index('knowledge_gaps_inbox_idx').on(table.sparkId, table.status, table.lastAskedAt),
  ],
);

/** A visitor who left an e-mail address for a person to answer: the owner's Requests list. */
export const visitorRequests = pgTable(
  'visitor_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** The visitor's session (hashed), so one visitor's requests are rate-limited. */
    visitorHash: text('visitor_hash').notNull(),
    /** The visitor's address (keyed hash): a new session per request still counts against it. */
    addressHash: text('address_hash'),
    email: text('email').notNull(),
    question: text('question').notNull(),
    language: text('language').$type<Language>().notNull(),
    status: text('status').$type<'open' | 'answered'>().notNull().default('open'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('visitor_requests_spark_idx').on(table.sparkId, table.createdAt),
    index('visitor_requests_visitor_idx').on(table.sparkId, table.visitorHash, table.createdAt),
    index('visitor_requests_address_idx').on(table.sparkId, table.addressHash, table.createdAt),
  ],
);
