import type { StepStatus } from '@sparks/contract';
import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts-schema.js';
import { sparks } from './core-schema.js';
import { createdAt } from './columns.js';

/**
 * Objective steps that no stored state can show (product.md §7 PATCH /objectives/deploy): the user
 * reports them, one row per step. `scope` is 'deploy' or a Spark's id; a Spark's rows go with it.
 */
export const objectiveProgress = pgTable(
  'objective_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    sparkId: uuid('spark_id').references(() => sparks.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    status: text('status').$type<StepStatus>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.scope, table.step] })],
);

/**
 * A checkout (or a manage-subscription visit) on the built-in test payment pages (the embedded
 * default; with Stripe the session lives there). It names the plan and the tenant; only the
 * signed event it produces, through the webhook, changes the tenant's plan.
 */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'checkout' | 'portal'>().notNull().default('checkout'),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  priceId: text('price_id').notNull(),
  status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Every webhook event applied, by its id: a replayed event is refused. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Interactions (builder and test-chat messages; widget messages later) per tenant and calendar
 * month (UTC), counted with one conditional upsert so concurrent messages can never pass the limit.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    interactions: integer('interactions').notNull().default(0),
    /** The highest share of the month's interactions (80 or 100) the owner has been e-mailed about. */
    alertedPercent: integer('alerted_percent').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.period] })],
);

/**
 * Widget questions per Spark and UTC day: one row per visitor session (its hash) and one with an
 * empty `visitor` for the Spark as a whole, counted by conditional upserts so the daily caps hold
 * under concurrent questions.
 */
export const widgetDailyUsage = pgTable(
  'widget_daily_usage',
  {
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
    questions: integer('questions').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.sparkId, table.day, table.visitor] })],
);

/**
 * Where a Spark's widget was refused lately, and why (a website not in its list, or more Sparks on
 * websites than the plan allows): the deploy panel tells the owner instead of leaving a silent site.
 */
export const widgetRefusals = pgTable(
  'widget_refusals',
  {
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    reason: text('reason').$type<'not-listed' | 'over-plan'>().notNull(),
    times: integer('times').notNull().default(1),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sparkId, table.origin] })],
);
