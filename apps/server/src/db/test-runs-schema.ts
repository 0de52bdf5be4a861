import type { CaseFailure, Expectations, Language } from '@sparks/contract';

/** One question's checks, stored with the question's place in the case. */
export type StoredTurnChecks = Expectations & { turn: number };
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './accounts-schema.js';
import { sparkTests, sparks } from './core-schema.js';
import { createdAt } from './columns.js';

/**
 * A test chat kept as a re-runnable case: its questions are copied here, so the case outlives the
 * chat (and its test) it came from.
 */
export const testCases = pgTable(
  'test_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    testId: uuid('test_id').references(() => sparkTests.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    turns: jsonb('turns').$type<string[]>().notNull(),
    /** What each checked question's answer must do; questions without an entry are asked but not checked. */
    checks: jsonb('checks').$type<StoredTurnChecks[]>().notNull().default([]),
    /** The chat's answer to each question when it was saved. */
    baselines: jsonb('baselines').$type<string[]>().notNull().default([]),
    /** The last question's checks and answer, still written so an instance of the previous version running beside reads what it expects. */
    expectations: jsonb('expectations').$type<Expectations>().notNull(),
    baseline: text('baseline').notNull(),
    /** The language the chat was held in: its questions are asked again in it. */
    language: text('language').$type<Language>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One case per test chat: saving the chat again updates its case.
  (table) => [index('test_cases_spark_idx').on(table.sparkId), uniqueIndex('test_cases_test_key').on(table.testId)],
);

/**
 * One run of a Spark's cases, and the runs' queue: claimed with SKIP LOCKED like documents are.
 * `fingerprint` is what the Spark's answers depended on when the run was queued (its
 * instructions and documents), so a change is noticed by comparing it with the present one.
 */
export const testRuns = pgTable(
  'test_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<'manual' | 'change'>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    fingerprint: text('fingerprint'),
    total: integer('total').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    passed: integer('passed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Unused since jobs moved to pg-boss; kept one release so instances of the previous version can run beside (docs/operations.md). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('test_runs_spark_created_idx').on(table.sparkId, table.createdAt),
    // One waiting or running run per Spark: a second request (or a second instance noticing the same change) joins it.
    uniqueIndex('test_runs_one_active_key')
      .on(table.sparkId)
      .where(sql`status in ('queued', 'running')`),
  ],
);

export const testRunResults = pgTable(
  'test_run_results',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    passed: boolean('passed').notNull(),
    failures: jsonb('failures').$type<CaseFailure[]>().notNull(),
    graded: text('graded').$type<'checks' | 'model'>().notNull(),
    /** The question whose answer `answer` is: the first that failed, else the last one checked. */
    turn: integer('turn'),
    /** Every answer of the replay, so the next run compares question by question. */
    answers: jsonb('answers').$type<string[]>().notNull().default([]),
    answer: text('answer').notNull(),
    previousAnswer: text('previous_answer').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.caseId] }), index('test_run_results_case_idx').on(table.caseId, table.createdAt)],
);
