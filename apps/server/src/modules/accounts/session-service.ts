import { DAY_MS, type Tokens } from '@sparks/contract';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { accountErrors } from './account-errors.js';
import type { AccountDeps, ClientMeta } from './account-deps.js';
import { verifyPassword } from './passwords.js';
import { SecretsRepository } from './secrets-repository.js';
import { SessionsRepository, USER_AGENT_CHARS } from './sessions-repository.js';
import { UsersRepository } from './users-repository.js';
import { recordSignIn } from '../../audit/record-audit.js';

export class SessionService {
  private readonly sessions: SessionsRepository;
  private readonly users: UsersRepository;
  private readonly secrets: SecretsRepository;

  constructor(private readonly deps: AccountDeps) {
    this.sessions = new SessionsRepository(deps.db);
    this.users = new UsersRepository(deps.db);
    this.secrets = new SecretsRepository(deps.db);
  }

  /** Opens a new session (a new refresh-token family) for a user who has proven who they are. */
  async start(userId: string, meta: ClientMeta): Promise<Tokens> {
    const refresh = randomToken();
    const sessionId = await this.sessions.create({
      userId,
      expiresAt: new Date(Date.now() + this.deps.sessionTtlDays * DAY_MS),
      userAgent: meta.userAgent,
      ip: meta.ip,
      refreshTokenHash: sha256(refresh),
    });
    // The audit log's "signed in": a trail, never a reason for the sign-in to fail.
    await recordSignIn(this.deps.db, userId).catch((error: unknown) => this.deps.log.warn({ err: error, userId }, 'sign-in not recorded in the audit log'));
    return this.tokens(userId, sessionId, refresh);
  }

  async login(username: string, password: string, meta: ClientMeta): Promise<Tokens> {
    const user = await this.users.findByUsername(username);
    const matches = await verifyPassword(user?.passwordHash, password);
    if (!user || !matches) throw accountErrors.wrongCredentials();
    // Only someone who knows the password learns that the account still waits for verification.
    if (!user.verifiedAt) throw accountErrors.notVerified();
    return this.start(user.id, meta);
  }

  /** Spends a one-time token (after a password reset, or from a sign-in callback) for a session. */
  async redeem(purpose: 'login' | 'exchange', token: string, meta: ClientMeta): Promise<Tokens> {
    const secret = await this.secrets.consumeByHash(purpose, sha256(token));
    if (!secret) throw accountErrors.invalidGrant(purpose === 'login' ? 'This login token' : 'This sign-in token');
    return this.start(secret.userId, meta);
  }

  async refresh(refreshToken: string, meta: ClientMeta): Promise<Tokens> {
    const hash = sha256(refreshToken);
    let found = await this.sessions.findRefresh(hash);
    if (!found || found.revokedAt || found.expiresAt <= new Date()) throw accountErrors.invalidGrant('This refresh token');
    const next = randomToken();
    if (!found.usedAt) {
      if (await this.sessions.rotate(found.tokenId, found.sessionId, sha256(next), meta.userAgent)) return this.tokens(found.userId, found.sessionId, next);
      // Another request spent it in the meantime: who did decides below.
      found = (await this.sessions.findRefresh(hash)) ?? found;
      if (found.revokedAt) throw accountErrors.invalidGrant('This refresh token');
    }
    const spentAt = found.usedAt ?? new Date();
    const sameBrowser = found.usedUserAgent === (meta.userAgent?.slice(0, USER_AGENT_CHARS) ?? null);
    if (sameBrowser && Date.now() - spentAt.getTime() <= this.deps.refreshReuseSeconds * 1000) {
      // Two tabs refreshing at once, or an answer lost on the way: the browser that spent the token
      // a moment ago gets tokens of the same session beside the ones already issued.
      await this.sessions.addToken(found.sessionId, sha256(next));
      return this.tokens(found.userId, found.sessionId, next);
    }
    // A spent token coming back later, or from elsewhere, means it was copied: end the whole family, thief and owner alike.
    await this.sessions.revoke(found.sessionId, 'refresh-token-replay');
    await this.deps.sessionEnds.announce({ sessionId: found.sessionId });
    this.deps.log.warn({ sessionId: found.sessionId }, 'refresh token replayed; session revoked');
    throw accountErrors.invalidGrant('This refresh token');
  }

  async logout(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId, 'logout');
    await this.deps.sessionEnds.announce({ sessionId });
  }

  private async tokens(userId: string, sessionId: string, refresh: string): Promise<Tokens> {
    return {
      access_token: await this.deps.accessTokens.sign({ userId, sessionId }),
      refresh_Token: refresh,
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: this.deps.accessTokens.ttlSeconds,
    };
  }
}
