import { eq, getTableColumns, getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#src/db/database.js';
import * as schema from '#src/db/schema.js';
import type { Owner } from './tenant-fixtures.js';

const TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const columnOf = (table: PgTable, name: string): PgColumn | undefined => (getTableColumns(table) as Record<string, PgColumn>)[name];

/** The fixed moment every forged timestamp names: no row is ever created then. */
export const FORGED_MOMENT = '2001-02-03T04:05:06.000Z';

/** The nth operation's own forged values, so a value found in the database names the operation that planted it. */
export function forgedValues(n: number, victim: Owner): Record<string, unknown> {
  const hex = n.toString(16).padStart(12, '0');
  return {
    ...{ _id: `0f0f0f0f-0000-4000-8000-${hex}`, id: `0f0f0f0f-0000-4000-8000-${hex}` },
    ...{ userId: victim.userId, ownerId: victim.userId, tenantId: victim.tenantId, customerId: victim.customerId, sparkId: victim.sparkId },
    ...{ plan: 'zaphire', planSlug: 'zaphire', role: 'admin', isAdmin: true, admin: true, status: `forged-${n}` },
    ...{ createdAt: FORGED_MOMENT, updatedAt: FORGED_MOMENT, emailVerified: true, verifiedAt: FORGED_MOMENT, trialEndsAt: '2099-12-31T00:00:00.000Z' },
    ...{ limits: { sparks: 9999, documents: 9999, interactions: 9_999_999 }, subscription: { planSlug: 'zaphire', status: 'active' } },
    ...{ subscriptionId: `sub_forged_${n}`, deployToken: `dpl_forged_${n}` },
  };
}

/** Text that only a forged value of the nth operation can put into a row or an answer. */
export const forgedMarkers = (n: number): string[] => [
  `0f0f0f0f-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
  `forged-${n}`,
  `sub_forged_${n}`,
  `dpl_forged_${n}`,
  '2001-02-03',
];

/**
 * The rows that decide who someone is and what they may do: both tenants (plan, status, trial,
 * subscription, owner), their users (address, verification, password) and those users' memberships,
 * compared whole.
 */
export async function privilegedState(db: Db, people: readonly Owner[]): Promise<unknown> {
  const tenantRows = await db
    .select()
    .from(schema.tenants)
    .where(
      inArray(
        schema.tenants.id,
        people.map((person) => person.tenantId),
      ),
    );
  const userRows = await db
    .select({
      id: schema.users.id,
      username: schema.users.username,
      email: schema.users.email,
      verifiedAt: schema.users.verifiedAt,
      createdAt: schema.users.createdAt,
      passwordHash: schema.users.passwordHash,
    })
    .from(schema.users)
    .where(
      inArray(
        schema.users.id,
        people.map((person) => person.userId),
      ),
    );
  // The accounts these people belong to, and their role in each: a forged role or account would show here.
  const memberRows = await db
    .select({ tenantId: schema.memberships.tenantId, userId: schema.memberships.userId, role: schema.memberships.role })
    .from(schema.memberships)
    .where(
      inArray(
        schema.memberships.userId,
        people.map((person) => person.userId),
      ),
    );
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  const byMember = (a: { tenantId: string; userId: string }, b: { tenantId: string; userId: string }) =>
    `${a.tenantId}${a.userId}`.localeCompare(`${b.tenantId}${b.userId}`);
  return { tenants: tenantRows.sort(byId), users: userRows.sort(byId), members: memberRows.sort(byMember) };
}

/** How many rows of each table belong to the tenant or its Spark: a stranger's forged ids must not add any. */
export async function rowsOf(db: Db, owner: Owner): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    for (const [name, value] of [
      ['tenantId', owner.tenantId],
      ['sparkId', owner.sparkId],
      ['userId', owner.userId],
    ] as const) {
      const column = columnOf(table, name);
      if (!column) continue;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(column, value));
      counts[`${getTableName(table)}.${name}`] = row?.n ?? 0;
    }
  }
  return counts;
}

/** Every table whose rows hold one of the markers, as `table: marker`. */
export async function tablesHolding(db: Db, markers: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of TABLES) {
    const text = JSON.stringify(await db.select().from(table));
    for (const marker of markers) if (text.includes(marker)) found.push(`${getTableName(table)}: ${marker}`);
  }
  return found;
}
