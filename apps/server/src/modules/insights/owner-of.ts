import { eq } from 'drizzle-orm';
import type { Language } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';

/** How an owner answer is signed: the user's name (else their address before the @), in their language. */
export async function ownerOf(db: Db, userId: string): Promise<{ name: string; language: Language; email: string }> {
  const [row] = await db
    .select({ firstname: users.firstname, lastname: users.lastname, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const full = [row?.firstname, row?.lastname].filter(Boolean).join(' ').trim();
  return { name: full || (row?.email.split('@')[0] ?? 'the owner'), language: row?.language === 'es' ? 'es' : 'en', email: row?.email ?? '' };
}
