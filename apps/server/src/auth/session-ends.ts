import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import type { CallerSession } from './caller.js';
import { stillLive } from './live-sessions.js';

/**
 * Whose sessions ended: one session (logout, a refresh token replayed), every session of a user
 * (a password reset), or a user's within one tenant (a member removed from an account, or whose
 * role no longer admits what they had open).
 */
export type EndedSessions = { sessionId: string } | { userId: string; tenantId?: string };

/** What a stream kept by a session holds: `ended` aborts when the session ends; `release` when the stream ends first. */
export interface SessionWatch {
  readonly ended: AbortSignal;
  release(): void;
}

/** The announcements that travel between instances: names only, as live signals do (docs/decisions/0030). */
const CHANNEL = 'sparks_session_ends';
const endedSchema = z.union([z.object({ sessionId: z.string() }), z.object({ userId: z.string(), tenantId: z.string().optional() })]);

/** How often every open stream's session is read again, for an announcement lost or a session that ended without one. */
export const SESSION_RECHECK_MS = 30_000;

interface Watch {
  caller: CallerSession;
  controller: AbortController;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const matches = (ended: EndedSessions, caller: CallerSession): boolean =>
  'sessionId' in ended ? ended.sessionId === caller.sessionId : ended.userId === caller.userId && (ended.tenantId ?? caller.tenantId) === caller.tenantId;

/**
 * What is kept open by a signed-in session ends with it (docs/decisions/0030): an owner's live
 * streams stop delivering the moment they log out, reset their password, or have a refresh token
 * replayed. The account code announces the end after it commits, over the database's
 * LISTEN/NOTIFY (PostgreSQL between instances, PGlite's own in the embedded one); each instance
 * ends the streams it holds for those sessions. Every open stream's session is also read again
 * every `recheckEveryMs` and when the listening connection comes back, so a lost announcement, an
 * expired session or a deleted session row ends its streams too.
 */
export class SessionEnds {
  private readonly watches = new Set<Watch>();
  private stopListening?: () => Promise<void>;
  private timer?: NodeJS.Timeout;
  private readonly rechecks = new Set<Promise<number>>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { recheckEveryMs: number } = { recheckEveryMs: SESSION_RECHECK_MS },
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      CHANNEL,
      (payload) => {
        const parsed = endedSchema.safeParse(parseJson(payload));
        if (parsed.success) this.endWhere((caller) => matches(parsed.data, caller));
        else this.log.warn({ payload }, 'an announcement of ended sessions could not be read');
      },
      // Announcements may have been missed while the connection was away.
      () => void this.recheck(),
    );
    this.timer = setInterval(() => void this.recheck(), this.options.recheckEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.stopListening?.();
    await Promise.all(this.rechecks);
  }

  /** Keeps a stream with the caller's session: `ended` aborts once that session ends, on any instance. */
  watch(caller: CallerSession): SessionWatch {
    const watch: Watch = { caller: { ...caller }, controller: new AbortController() };
    this.watches.add(watch);
    return { ended: watch.controller.signal, release: () => this.watches.delete(watch) };
  }

  /**
   * Tells every instance that these sessions ended; called after the change is committed. It never
   * throws: the session is already ended in the table, and the re-check ends its streams anyway.
   */
  async announce(ended: EndedSessions): Promise<void> {
    try {
      await this.database.executeSql('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(ended)]);
    } catch (error) {
      this.log.warn({ err: error }, 'ended sessions not announced; their streams end at the next re-check');
    }
  }

  /**
   * Reads the session of every open stream again and ends the streams of those no longer live;
   * answers how many ended. Each call reads anew, so what changed before it is seen.
   */
  recheck(): Promise<number> {
    const reading = this.readAgain().finally(() => this.rechecks.delete(reading));
    this.rechecks.add(reading);
    return reading;
  }

  private async readAgain(): Promise<number> {
    const open = [...this.watches];
    if (open.length === 0) return 0;
    try {
      const live = await stillLive(
        this.database.db,
        open.map((watch) => watch.caller),
      );
      return this.endWhere((caller) => !live.has(caller), open);
    } catch (error) {
      this.log.warn({ err: error }, 'the sessions of open streams could not be read again');
      return 0;
    }
  }

  private endWhere(ends: (caller: CallerSession) => boolean, among: Iterable<Watch> = this.watches): number {
    let ended = 0;
    for (const watch of [...among]) {
      if (!this.watches.has(watch) || !ends(watch.caller)) continue;
      this.watches.delete(watch);
      watch.controller.abort();
      ended += 1;
    }
    return ended;
  }
}
