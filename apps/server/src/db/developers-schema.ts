import type { ApiKeyScope, WebhookEvent, WebhookPayload } from '@sparks/contract';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts-schema.js';
import { createdAt } from './columns.js';

/** An account's API key (docs/decisions/0043): only a hash of its secret is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The member who created it: the key acts as them, and only while they are a member. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** SHA-256 of the secret, base64url: the secret is 192 random bits, so a fast hash is enough. */
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    /** Null: every Spark of the account. */
    sparkIds: jsonb('spark_ids').$type<string[] | null>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('api_keys_secret_hash_idx').on(table.secretHash), index('api_keys_tenant_idx').on(table.tenantId)],
);

/** An account's webhook endpoint (docs/decisions/0044): its signing secret is sealed, as it must be read to sign. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sealedSecret: text('sealed_secret').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_endpoints_tenant_idx').on(table.tenantId)],
);

/** One event sent to one endpoint, with its tries: the delivery log and the retry schedule. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEvent>().notNull(),
    payload: jsonb('payload').$type<WebhookPayload>().notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
  ],
);

/** A write sent with an Idempotency-Key, and its answer once there is one (docs/decisions/0043): kept a day. */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The method, the address and the body the key was first sent with. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request is being handled. */
    status: integer('status'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.key] })],
);
