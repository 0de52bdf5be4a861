import type { AuditKind } from '@sparks/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { auditEvents, memberships, users } from '../db/schema.js';

/** One thing that happened in an account, as the audit log keeps it (docs/decisions/0038). */
export interface AuditEntry {
  tenantId: string;
  /** The member who did it; null for the payment provider. */
  actorUserId: string | null;
  kind: AuditKind;
  detail?: Record<string, string>;
}

/** A detail's words are a name or an address, never a document: long ones are cut. */
const MAX_DETAIL_CHARS = 200;
const MAX_DETAILS = 8;

const bounded = (detail: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(detail)
      .slice(0, MAX_DETAILS)
      .map(([key, value]) => [key, value.length > MAX_DETAIL_CHARS ? `${value.slice(0, MAX_DETAIL_CHARS)}…` : value]),
  );

/**
 * Writes one event of the audit log, with the actor's address as it is now. Takes a transaction
 * where the change it records is written in one (a plan set by the payment webhook), so the two
 * stand or fall together. Shared by the route hook, the sessions and the team.
 */
export async function recordAudit(db: Pick<Db, 'select' | 'insert'>, entry: AuditEntry): Promise<void> {
  const [actor] = entry.actorUserId ? await db.select({ email: users.email }).from(users).where(eq(users.id, entry.actorUserId)).limit(1) : [];
  await db.insert(auditEvents).values({
    tenantId: entry.tenantId,
    actorUserId: entry.actorUserId,
    actorEmail: actor?.email ?? null,
    kind: entry.kind,
    detail: bounded(entry.detail ?? {}),
  });
}

/** A sign-in, recorded in the account the new session acts for (the user's oldest membership). */
export async function recordSignIn(db: Db, userId: string): Promise<void> {
  const [membership] = await db
    .select({ tenantId: memberships.tenantId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  if (membership) await recordAudit(db, { tenantId: membership.tenantId, actorUserId: userId, kind: 'signed-in' });
}
