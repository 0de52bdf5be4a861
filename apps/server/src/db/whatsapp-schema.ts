import type { WhatsappProblem } from '@sparks/contract';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './accounts-schema.js';
import { sparks } from './core-schema.js';
import { createdAt } from './columns.js';

/**
 * A Spark's WhatsApp Business number (docs/decisions/0031). The access token and app secret are
 * sealed together (`sealed`); the verify token is what the owner pastes into Meta's console.
 */
export const whatsappChannels = pgTable('whatsapp_channels', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  sparkId: uuid('spark_id')
    .notNull()
    .unique()
    .references(() => sparks.id, { onDelete: 'cascade' }),
  phoneNumberId: text('phone_number_id').notNull(),
  sealed: text('sealed').notNull(),
  verifyToken: text('verify_token').notNull(),
  paused: boolean('paused').notNull().default(false),
  lastReceivedAt: timestamp('last_received_at', { withTimezone: true }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  lastProblem: jsonb('last_problem').$type<WhatsappProblem>(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** `held`: it reached a person who had the conversation; on hand-back, the Spark answers it if the person did not. */
export type WhatsappMessageState = 'queued' | 'held' | 'answered' | 'skipped' | 'failed';

/**
 * Each message Meta delivered, once: its id makes a retried delivery a no-op. What the job needs
 * to answer it is kept until then; `state` says what became of it.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => whatsappChannels.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    /** The sender as a keyed hash: the conversation's visitor. */
    visitorHash: text('visitor_hash').notNull(),
    /** The sender's number (wa_id): where replies go, the owner's in a live takeover too. */
    sender: text('sender').notNull(),
    kind: text('kind').notNull(),
    text: text('text'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** The reply's parts, kept before they are sent: a retried send repeats them instead of asking the Spark again. */
    reply: jsonb('reply').$type<string[]>(),
    /** The Spark's stored answer, and Meta's ids of the parts sent: a customer's reaction to a part is a vote on the answer. */
    answerId: text('answer_id'),
    sentIds: jsonb('sent_ids').$type<string[]>().notNull().default([]),
    state: text('state').$type<WhatsappMessageState>().notNull().default('queued'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.channelId, table.messageId] }),
    index('whatsapp_messages_visitor_idx').on(table.channelId, table.visitorHash, table.createdAt),
  ],
);
