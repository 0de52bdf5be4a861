import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { conversations } from '../../db/schema.js';

/** Once an owner was e-mailed about a visitor, that visitor asking again stays quiet this long. */
const MAILED_QUIET = sql`interval '1 hour'`;

/** A visitor waiting for a person: when they asked, and who is told when nobody joins in time. */
export class PersonWaitRepository {
  constructor(private readonly db: Db) {}

  /** Starts the wait, unless one is under way, a person is there, or the owner was e-mailed within the hour. */
  async asked(conversationId: string): Promise<void> {
    await this.db
      .update(conversations)
      .set({ personAskedAt: sql`now()` })
      .where(
        and(
          eq(conversations.id, conversationId),
          isNull(conversations.personAskedAt),
          isNull(conversations.takenOverAt),
          sql`(${conversations.personMailedAt} is null or ${conversations.personMailedAt} < now() - ${MAILED_QUIET})`,
        ),
      );
  }

  async awaiting(conversationId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), isNotNull(conversations.personAskedAt)));
    return !!row;
  }

  /**
   * The waits over by `cutoff` with nobody joined, each claimed by one instance only: the claim
   * ends the wait and records the e-mail, so two sweeps never mail the same visitor twice.
   */
  async claimUnjoined(cutoff: Date): Promise<Array<{ conversationId: string; tenantId: string; sparkId: string }>> {
    const claimed = await this.db
      .update(conversations)
      .set({ personAskedAt: null, personMailedAt: sql`now()` })
      .where(and(lte(conversations.personAskedAt, cutoff), isNull(conversations.takenOverAt)))
      .returning({ conversationId: conversations.id, tenantId: conversations.tenantId, sparkId: conversations.sparkId });
    return claimed.flatMap((row) => (row.sparkId ? [{ conversationId: row.conversationId, tenantId: row.tenantId, sparkId: row.sparkId }] : []));
  }
}
