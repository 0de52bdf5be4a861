import type { FastifyBaseLogger } from 'fastify';
import type { AccessTokens } from '../../auth/access-tokens.js';
import type { EndedSessions } from '../../auth/session-ends.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';

/** What the account services need from the outside world, passed in so they know nothing of HTTP. */
export interface AccountDeps {
  db: Db;
  /** Told, after the change is committed, whose sessions ended: what they keep open (live streams) ends too. */
  sessionEnds: { announce(ended: EndedSessions): Promise<void> };
  mailer: Mailer;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
  secret: string;
  publicUrl: string;
  sessionTtlDays: number;
  /** Decision 0004: the reuse interval of a spent refresh token, for the browser that spent it. */
  refreshReuseSeconds: number;
  trialDays: number;
}

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
}
