/** Teams: who belongs to which account with which role, and the invitations that bring them in. */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts-schema.js';
import { createdAt } from './columns.js';

/**
 * A person's place in an account: the source of access (docs/decisions/0038). A user may belong to
 * several accounts; the one they act for is their session's, or their oldest membership. Exactly
 * one owner per account, kept by the partial unique index.
 */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner | admin | editor | agent | viewer (`auth/access-policy.ts`). */
    role: text('role').notNull(),
    createdAt: createdAt(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** Whether they are e-mailed when a visitor asks for a person (those whose role handles Live); each member's own choice. */
    handoffEmails: boolean('handoff_emails').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId] }),
    index('memberships_user_idx').on(table.userId),
    uniqueIndex('memberships_one_owner')
      .on(table.tenantId)
      .where(sql`${table.role} = 'owner'`),
  ],
);

/**
 * An invitation to join an account with a role: only the hash of its link's secret is kept, it
 * works once, for the address it was sent to, until it expires or is revoked.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    language: text('language').notNull().default('en'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitations_token_key').on(table.tokenHash),
    index('invitations_tenant_idx').on(table.tenantId),
    // One open invitation per address and account: inviting again resends it.
    uniqueIndex('invitations_open_email')
      .on(table.tenantId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);

/**
 * What happened in an account and who did it (docs/decisions/0038): kept for AUDIT_RETENTION_DAYS.
 * The actor's address is kept as it was, so the log still says who after they leave.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    kind: text('kind').notNull(),
    /** Ids from the address and a few naming words: never a body's secrets. */
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('audit_events_tenant_time_idx').on(table.tenantId, table.createdAt)],
);
