import type { ActionInput, ActionMethod } from '@sparks/contract';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './accounts-schema.js';
import { sparks } from './core-schema.js';
import { createdAt } from './columns.js';

/** What an action does, as kept: a secret header's value is not here but in `sealed`. */
export type StoredActionDoes =
  | {
      kind: 'api';
      method: ActionMethod;
      url: string;
      headers: Array<{ name: string; value: string | null; secret: boolean }>;
      body: string | null;
      reply: string;
      fallback: string;
    }
  | { kind: 'link'; url: string; reply: string }
  // `handoff` is absent on actions saved before the hand-off could go through one.
  | { kind: 'send'; email: string | null; webhook: string | null; reply: string; fallback: string; handoff?: boolean };

/** A Spark's action (docs/decisions/0042): what it is for, its inputs, and the call it makes. */
export const actions = pgTable(
  'actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    purpose: text('purpose').notNull(),
    examples: jsonb('examples').$type<string[]>().notNull(),
    inputs: jsonb('inputs').$type<ActionInput[]>().notNull(),
    does: jsonb('does').$type<StoredActionDoes>().notNull(),
    /** The secret headers' values, by header name, sealed with the server secret. */
    sealed: text('sealed'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('actions_spark_idx').on(table.sparkId)],
);

/** Each run of an action, for the team's log: never a secret, a sensitive input masked. */
export const actionRuns = pgTable(
  'action_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    actionId: uuid('action_id').references(() => actions.id, { onDelete: 'set null' }),
    actionName: text('action_name').notNull(),
    source: text('source').$type<'try' | 'visitor' | 'test'>().notNull(),
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull(),
    status: text('status').$type<'ok' | 'failed'>().notNull(),
    httpStatus: integer('http_status'),
    problem: text('problem'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('action_runs_spark_idx').on(table.sparkId, table.createdAt)],
);
