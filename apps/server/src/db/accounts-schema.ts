/** Accounts: users, tenants, sessions and the secrets and identities that sign them in. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Installation-wide facts (first start time, schema flags); key-value so it never needs a migration to grow. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased e-mail the user logs in with. */
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** Argon2id; null for accounts that only sign in through an identity provider. */
    passwordHash: text('password_hash'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    phone: text('phone'),
    language: text('language').notNull().default('en'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_username_key').on(table.username), uniqueIndex('users_email_key').on(table.email)],
);

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('active'),
    planSlug: text('plan_slug').notNull().default('free'),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    /** The payment provider's own customer (Stripe's `cus_…`), learnt from the first completed checkout; its portal needs it. */
    providerCustomerId: text('provider_customer_id'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('tenants_owner_idx').on(table.ownerId), uniqueIndex('tenants_customer_key').on(table.customerId)],
);

/** One login = one session = one family of refresh tokens; revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The account this session acts for, once its user chose one of several; null: their oldest membership. */
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The User-Agent of the request that spent it: only that browser may reuse it for a moment (decision 0004). */
    usedUserAgent: text('used_user_agent'),
  },
  (table) => [uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash), index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** Short-lived secrets sent to a user or a callback: e-mail codes, reset links, one-time login tokens. */
export const oneTimeSecrets = pgTable(
  'one_time_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('one_time_secrets_user_purpose_idx').on(table.userId, table.purpose),
    uniqueIndex('one_time_secrets_hash_key')
      .on(table.secretHash)
      .where(sql`purpose <> 'verify-email'`),
  ],
);

export const outboxEmails = pgTable('outbox_emails', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

/** Accounts at identity providers, keyed by (issuer, subject) as OpenID Connect requires, never by e-mail. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('user_identities_issuer_subject_key').on(table.issuer, table.subject), index('user_identities_user_idx').on(table.userId)],
);

/** A sign-in started at an identity provider: single-use state with its PKCE verifier and nonce. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    stateHash: text('state_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sign_in_attempts_state_key').on(table.stateHash)],
);
