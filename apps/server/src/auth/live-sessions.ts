import { and, asc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { memberships, sessions } from '../db/schema.js';
import type { CallerSession } from './caller.js';

/** Sessions read in one statement, so a re-check of many open streams stays a few short queries. */
const PER_QUERY = 500;

/**
 * A session whose access tokens still count (docs/decisions/0004): not revoked (logout, password
 * reset, refresh-token replay) and not expired. The auth plugin asks it of every request.
 */
export const sessionIsOpen = (): SQL => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()))!;

/**
 * The membership a session acts for, joined on its user: the account the session chose, or, until
 * it chose one, any of the user's, the oldest first (`actingOrder`).
 */
export const actsFor = (): SQL => or(isNull(sessions.tenantId), eq(sessions.tenantId, memberships.tenantId))!;
export const actingOrder = (): SQL => asc(memberships.createdAt);

/**
 * Those of these callers whose session is still open and whose user is still a member of the same
 * tenant with the same role: the re-check behind a lost notification, a deleted session row, an
 * expired session, a removed member or a changed role.
 */
export async function stillLive<T extends CallerSession>(db: Db, callers: readonly T[]): Promise<Set<T>> {
  const key = (row: Pick<CallerSession, 'sessionId' | 'userId' | 'tenantId' | 'role'>) => `${row.sessionId} ${row.userId} ${row.tenantId} ${row.role}`;
  const ids = [...new Set(callers.map((caller) => caller.sessionId))];
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += PER_QUERY) {
    const rows = await db
      .select({ sessionId: sessions.id, userId: sessions.userId, tenantId: memberships.tenantId, role: memberships.role })
      .from(sessions)
      .innerJoin(memberships, eq(memberships.userId, sessions.userId))
      .where(and(inArray(sessions.id, ids.slice(start, start + PER_QUERY)), sessionIsOpen(), actsFor()));
    for (const row of rows) found.add(key({ ...row, role: row.role as CallerSession['role'] }));
  }
  return new Set(callers.filter((caller) => found.has(key(caller))));
}
