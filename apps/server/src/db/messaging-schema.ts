import type { MessagingPlatform, MessagingProblem, VisitorChannel } from '@sparks/contract';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './accounts-schema.js';
import { sparks } from './core-schema.js';
import { createdAt } from './columns.js';

/**
 * A Spark's channel on a messaging platform (docs/decisions/0041): a Facebook Page with its
 * Instagram account, or a Telegram bot. The platform's tokens are sealed together (`sealed`);
 * `webhookSecret` is Meta's verify token or Telegram's secret token. One account on the platform
 * answers with one Spark.
 */
export const messagingChannels = pgTable(
  'messaging_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sparkId: uuid('spark_id')
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<MessagingPlatform>().notNull(),
    /** The Page's id or the bot's id. */
    accountId: text('account_id').notNull(),
    name: text('name'),
    /** Meta: the Page's Instagram professional account, whose deliveries come to the same webhook. */
    instagramId: text('instagram_id'),
    instagramUsername: text('instagram_username'),
    sealed: text('sealed').notNull(),
    webhookSecret: text('webhook_secret').notNull(),
    paused: boolean('paused').notNull().default(false),
    allowGroups: boolean('allow_groups').notNull().default(false),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastProblem: jsonb('last_problem').$type<MessagingProblem>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('messaging_channels_spark_platform').on(table.sparkId, table.platform),
    unique('messaging_channels_account').on(table.platform, table.accountId),
  ],
);

/** `held`: it reached a person who had the conversation; on hand-back, the Spark answers it if the person did not. */
export type MessagingMessageState = 'queued' | 'held' | 'answered' | 'skipped' | 'failed';

/**
 * Each message a platform delivered, once: its id makes a retried delivery a no-op. What the reply
 * job needs is kept until then; `state` says what became of it.
 */
export const messagingMessages = pgTable(
  'messaging_messages',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => messagingChannels.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    /** Messenger, Instagram or Telegram: the conversation's channel. */
    surface: text('surface').$type<VisitorChannel>().notNull(),
    visitorHash: text('visitor_hash').notNull(),
    /** Where replies go: the sender's id on the Page (PSID, IGSID) or the Telegram chat. */
    sender: text('sender').notNull(),
    /** The language the sender's platform says they use, when it says. */
    senderLanguage: text('sender_language'),
    /** `text`, `start`, `story-mention`, `group`, or what else arrived (an image, a sticker…). */
    kind: text('kind').notNull(),
    text: text('text'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    reply: jsonb('reply').$type<string[]>(),
    answerId: text('answer_id'),
    sentIds: jsonb('sent_ids').$type<string[]>().notNull().default([]),
    state: text('state').$type<MessagingMessageState>().notNull().default('queued'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.channelId, table.messageId] }),
    index('messaging_messages_visitor_idx').on(table.channelId, table.visitorHash, table.createdAt),
  ],
);
