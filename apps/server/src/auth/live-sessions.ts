import { and, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { sessions, tenants, users } from '../db/schema.js';
import type { CallerSession } from './caller.js';

/** Sessions read in one statement, so a re-check of many open streams stays a few short queries. */
const PER_QUERY = 500;

/**
 * A session whose access tokens still count (docs/decisions/0004): not revoked (logout, password
 * reset, refresh-token replay) and not expired. The auth plugin asks it of every request.
 */
export const sessionIsOpen = (): SQL => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()))!;

/**
 * Those of these callers whose session is still open and whose user still acts for the same
 * tenant: the re-check behind a lost notification, a deleted session row or an expired session.
 */
export async function stillLive<T extends CallerSession>(db: Db, callers: readonly T[]): Promise<Set<T>> {
  const key = (row: CallerSession) => `${row.sessionId} ${row.userId} ${row.tenantId}`;
  const ids = [...new Set(callers.map((caller) => caller.sessionId))];
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += PER_QUERY) {
    const rows = await db
      .select({ sessionId: sessions.id, userId: sessions.userId, tenantId: tenants.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(tenants, eq(tenants.ownerId, users.id))
      .where(and(inArray(sessions.id, ids.slice(start, start + PER_QUERY)), sessionIsOpen()));
    for (const row of rows) found.add(key(row));
  }
  return new Set(callers.filter((caller) => found.has(key(caller))));
}
