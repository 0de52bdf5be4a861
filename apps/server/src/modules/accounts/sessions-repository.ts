import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { refreshTokens, sessions } from '../../db/schema.js';

export interface RefreshLookup {
  tokenId: string;
  usedAt: Date | null;
  sessionId: string;
  userId: string;
  revokedAt: Date | null;
  expiresAt: Date;
}

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async create(input: { userId: string; expiresAt: Date; userAgent?: string; ip?: string; refreshTokenHash: string }): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .insert(sessions)
        .values({ userId: input.userId, expiresAt: input.expiresAt, userAgent: input.userAgent?.slice(0, 300), ip: input.ip })
        .returning({ id: sessions.id });
      if (!session) throw new Error('insert returned no session');
      await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: input.refreshTokenHash });
      return session.id;
    });
  }

  async findRefresh(tokenHash: string): Promise<RefreshLookup | undefined> {
    const [row] = await this.db
      .select({
        tokenId: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        sessionId: sessions.id,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /**
   * Spends one refresh token and issues its successor atomically. Returns false when the token
   * was already spent (a concurrent use or a replay), which the caller treats as theft.
   */
  async rotate(tokenId: string, sessionId: string, nextHash: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const spent = await tx
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (spent.length === 0) return false;
      await tx.insert(refreshTokens).values({ sessionId, tokenHash: nextHash });
      await tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
      return true;
    });
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllOf(userId: string, reason: string): Promise<number> {
    const revoked = await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return revoked.length;
  }

}
