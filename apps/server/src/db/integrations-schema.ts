import type { SyncSummary } from '@sparks/contract';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts-schema.js';
import { sparks } from './core-schema.js';
import { createdAt } from './columns.js';

export type FolderTree = Record<string, { parentId: string | null; name: string }>;

/**
 * A Spark's connection to a document library. The tokens are one encrypted blob (never sent to a
 * browser); the sync state makes this table the sync job's queue, claimed like the documents'.
 * Imported documents point back here through `documents.integration_id`.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    service: text('service').$type<'sharepoint'>().notNull(),
    status: text('status').$type<'connected' | 'reconnect'>().notNull().default('connected'),
    /** Who connected it, as the library names them (shown so the owner knows which account is used). */
    account: text('account'),
    tokens: text('tokens').notNull(),
    site: jsonb('site').$type<{ id: string; name: string }>(),
    drive: jsonb('drive').$type<{ id: string; name: string }>(),
    /** Followed folders with their paths as the library gave them ("/drives/{id}/root:/Policies"). */
    folders: jsonb('folders').$type<Array<{ id: string; path: string }>>().notNull().default([]),
    /**
     * Every folder of the library as the last sync saw it (id → parent and name). Delta answers
     * carry no paths, so which files lie under a followed folder is worked out from this tree.
     */
    folderTree: jsonb('folder_tree').$type<FolderTree>().notNull().default({}),
    deltaLink: text('delta_link'),
    syncState: text('sync_state').$type<'idle' | 'queued' | 'running'>().notNull().default('idle'),
    /** Unused since jobs moved to pg-boss; kept one release so instances of the previous version can run beside (docs/operations.md). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastSync: jsonb('last_sync').$type<SyncSummary>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('integrations_spark_service_key').on(table.sparkId, table.service), index('integrations_tenant_idx').on(table.tenantId)],
);

/** A connect window in flight: its state (hashed) is single-use and bound to the user and the Spark. */
export const integrationAttempts = pgTable('integration_attempts', {
  stateHash: text('state_hash').primaryKey(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sparkId: uuid('spark_id')
    .notNull()
    .references(() => sparks.id, { onDelete: 'cascade' }),
  service: text('service').$type<'sharepoint'>().notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
