import { ROLES, roleAllows, type Language } from '@sparks/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { memberships, users } from '../../db/schema.js';

/** The roles that handle live conversations: who hears that a visitor asks for a person. */
const HANDLERS = ROLES.filter((role) => roleAllows(role, 'live.handle'));

/**
 * Who is e-mailed when a visitor asks for a person or waits for one: every member whose role handles
 * Live (the owner, admins, agents) and who has not turned these e-mails off, each in their language.
 */
export async function liveRecipientsOf(db: Db, tenantId: string): Promise<Array<{ email: string; language: Language }>> {
  const rows = await db
    .select({ email: users.email, language: users.language })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.role, HANDLERS), eq(memberships.handoffEmails, true)));
  return rows.map((row) => ({ email: row.email, language: row.language === 'es' ? 'es' : 'en' }));
}
