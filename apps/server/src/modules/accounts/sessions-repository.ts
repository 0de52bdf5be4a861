import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { refreshTokens, sessions } from '../../db/schema.js';

/** How much of a User-Agent a session keeps. */
export const USER_AGENT_CHARS = 300;

export interface RefreshLookup {
  tokenId: string;
  usedAt: Date | null;
  sessionId: string;
  userId: string;
  revokedAt: Date | null;
  expiresAt: Date;
  /** The User-Agent of the request that spent the token (first 300 characters). */
  usedUserAgent: string | null;
}

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async create(input: { userId: string; expiresAt: Date; userAgent?: string; ip?: string; refreshTokenHash: string }): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .insert(sessions)
        .values({ userId: input.userId, expiresAt: input.expiresAt, userAgent: input.userAgent?.slice(0, USER_AGENT_CHARS), ip: input.ip })
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
        usedUserAgent: refreshTokens.usedUserAgent,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /**
   * Spends one refresh token and issues its successor atomically. Returns false when the token
   * was already spent (a concurrent use or a replay).
   */
  async rotate(tokenId: string, sessionId: string, nextHash: string, userAgent: string | undefined): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const spent = await tx
        .update(refreshTokens)
        .set({ usedAt: new Date(), usedUserAgent: userAgent?.slice(0, USER_AGENT_CHARS) ?? null })
        .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (spent.length === 0) return false;
      await tx.insert(refreshTokens).values({ sessionId, tokenHash: nextHash });
      await tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
      return true;
    });
  }

  /** Issues another token of a session beside the one just spent (the reuse interval of decision 0004). */
  async addToken(sessionId: string, tokenHash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(refreshTokens).values({ sessionId, tokenHash });
      await tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
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
