import type {
  WebsitePage,
  WebsiteProblem,
  WebsiteProgress,
  WebsiteSchedule,
  WebsiteSkip,
  WebsiteSkippedCounts,
  WebsiteState,
  WebsiteSync,
} from '@sparks/contract';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './accounts-schema.js';
import { sparks } from './core-schema.js';
import { createdAt } from './columns.js';

/**
 * A page as the crawl keeps it: what the owner sees, and what the next sync needs to ask the site
 * only for what changed (its validators, its content's hash, its links) and to notice it is gone.
 */
export interface StoredPage extends WebsitePage {
  hash?: string;
  etag?: string | null;
  lastModified?: string | null;
  links?: string[];
  /** Addresses that redirected to this page, asked with its validators too. */
  aliases?: string[];
  /** Syncs in a row that did not find it: at two it leaves the knowledge. */
  gone?: number;
}

/**
 * A website a Spark learns from (docs/decisions/0028): where its crawl starts, the owner's
 * patterns, and what the last crawl found and left (with reasons), shown for review before import.
 */
export const websites = pgTable(
  'websites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The owner typed the address without its scheme: https is tried first, and http when the site does not speak TLS. */
    schemeGuessed: boolean('scheme_guessed').notNull().default(false),
    include: jsonb('include').$type<string[]>().notNull().default([]),
    exclude: jsonb('exclude').$type<string[]>().notNull().default([]),
    schedule: text('schedule').$type<WebsiteSchedule>().notNull().default('manual'),
    state: text('state').$type<WebsiteState>().notNull().default('discovering'),
    progress: jsonb('progress').$type<WebsiteProgress>().notNull().default({ found: 0, read: 0, skipped: 0, failed: 0 }),
    pages: jsonb('pages').$type<StoredPage[]>().notNull().default([]),
    /** A bounded sample of the addresses left, a few for each reason; `skippedCounts` has the totals. */
    skipped: jsonb('skipped').$type<WebsiteSkip[]>().notNull().default([]),
    skippedCounts: jsonb('skipped_counts').$type<WebsiteSkippedCounts>().notNull().default({}),
    error: text('error'),
    problem: jsonb('problem').$type<WebsiteProblem>(),
    /**
     * Since when a worker crawls or reads this site: a tenant's sites are read one at a time, so
     * one account's sites never hold every worker (docs/decisions/0028).
     */
    busySince: timestamp('busy_since', { withTimezone: true }),
    discoveredAt: timestamp('discovered_at', { withTimezone: true }),
    importedAt: timestamp('imported_at', { withTimezone: true }),
    /** The pages the owner left out of the import, so a re-crawl leaves them out too. */
    leftOut: jsonb('left_out').$type<string[]>().notNull().default([]),
    /** A sync (by the owner or the schedule) reads what changed as soon as the crawl ends. */
    autoImport: boolean('auto_import').notNull().default(false),
    syncs: jsonb('syncs').$type<WebsiteSync[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('websites_spark_idx').on(table.sparkId), index('websites_tenant_idx').on(table.tenantId)],
);
