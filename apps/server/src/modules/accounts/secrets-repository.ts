import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { oneTimeSecrets } from '../../db/schema.js';

export type SecretPurpose = 'verify-email' | 'reset-password' | 'login' | 'exchange';
export type SecretRow = typeof oneTimeSecrets.$inferSelect;

export class SecretsRepository {
  constructor(private readonly db: Db) {}

  /** Issues a secret and retires every earlier unused one of the same purpose: only the newest works. */
  async issue(userId: string, purpose: SecretPurpose, secretHash: string, ttlMs: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(oneTimeSecrets)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeSecrets.userId, userId), eq(oneTimeSecrets.purpose, purpose), isNull(oneTimeSecrets.usedAt)));
      await tx.insert(oneTimeSecrets).values({ userId, purpose, secretHash, expiresAt: new Date(Date.now() + ttlMs) });
    });
  }

  async latestUsable(userId: string, purpose: SecretPurpose): Promise<SecretRow | undefined> {
    const [row] = await this.db
      .select()
      .from(oneTimeSecrets)
      .where(
        and(eq(oneTimeSecrets.userId, userId), eq(oneTimeSecrets.purpose, purpose), isNull(oneTimeSecrets.usedAt), gt(oneTimeSecrets.expiresAt, new Date())),
      )
      .orderBy(desc(oneTimeSecrets.createdAt))
      .limit(1);
    return row;
  }

  /**
   * Counts one guess before it is checked; answers false once the budget is spent, so parallel
   * guesses cannot exceed it.
   */
  async countAttempt(id: string, maxAttempts: number): Promise<boolean> {
    const rows = await this.db
      .update(oneTimeSecrets)
      .set({ attempts: sql`${oneTimeSecrets.attempts} + 1` })
      .where(and(eq(oneTimeSecrets.id, id), isNull(oneTimeSecrets.usedAt), lt(oneTimeSecrets.attempts, maxAttempts)))
      .returning({ attempts: oneTimeSecrets.attempts });
    return rows.length === 1;
  }

  /** Marks the secret used; false when another request used it first. */
  async consume(id: string): Promise<boolean> {
    const rows = await this.db
      .update(oneTimeSecrets)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeSecrets.id, id), isNull(oneTimeSecrets.usedAt)))
      .returning({ id: oneTimeSecrets.id });
    return rows.length === 1;
  }

  /** Finds and spends a high-entropy secret (link or token) in one step. */
  async consumeByHash(purpose: SecretPurpose, secretHash: string): Promise<SecretRow | undefined> {
    const [row] = await this.db
      .update(oneTimeSecrets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeSecrets.purpose, purpose),
          eq(oneTimeSecrets.secretHash, secretHash),
          isNull(oneTimeSecrets.usedAt),
          gt(oneTimeSecrets.expiresAt, new Date()),
        ),
      )
      .returning();
    return row;
  }

  async retireAll(userId: string, purpose: SecretPurpose): Promise<void> {
    await this.db
      .update(oneTimeSecrets)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeSecrets.userId, userId), eq(oneTimeSecrets.purpose, purpose), isNull(oneTimeSecrets.usedAt)));
  }
}
