import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { signInAttempts } from '../../db/schema.js';

export type SignInAttempt = typeof signInAttempts.$inferSelect;

export class SignInAttemptsRepository {
  constructor(private readonly db: Db) {}

  async start(attempt: { provider: string; stateHash: string; codeVerifier: string; nonce: string; ttlMs: number }): Promise<void> {
    await this.db.insert(signInAttempts).values({
      provider: attempt.provider,
      stateHash: attempt.stateHash,
      codeVerifier: attempt.codeVerifier,
      nonce: attempt.nonce,
      expiresAt: new Date(Date.now() + attempt.ttlMs),
    });
  }

  /** Finds and spends the attempt a callback's state names; a state works once, for its provider, in time. */
  async finish(provider: string, stateHash: string): Promise<SignInAttempt | undefined> {
    const [row] = await this.db
      .update(signInAttempts)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(signInAttempts.provider, provider),
          eq(signInAttempts.stateHash, stateHash),
          isNull(signInAttempts.usedAt),
          gt(signInAttempts.expiresAt, new Date()),
        ),
      )
      .returning();
    return row;
  }
}
