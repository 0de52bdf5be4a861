import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { startTestApp } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { sessions, tenants } from '../db/schema.js';
import type { CallerSession } from './caller.js';
import { SessionEnds } from './session-ends.js';

/** Settles once the watch's session has ended. */
const endOf = (watch: { ended: AbortSignal }) =>
  new Promise<void>((resolve) => (watch.ended.aborted ? resolve() : watch.ended.addEventListener('abort', () => resolve(), { once: true })));

/** A real owner's session, as the auth plugin sets it on a request. */
async function signedIn(app: FastifyInstance): Promise<CallerSession> {
  const { tokens } = await verifiedAccount(app);
  const { userId, sessionId } = await app.accessTokens.verify(tokens.access_token);
  const [tenant] = await app.database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.ownerId, userId));
  return { userId, sessionId, tenantId: tenant!.id, role: 'owner' };
}

describe.each(testDatabaseTargets())('the ends of sessions on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.create>>;
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  /** Reads sessions again every 50 ms; `quiet` only hears announcements. Both beside the app's own. */
  let ends: SessionEnds;
  let quiet: SessionEnds;
  beforeAll(async () => {
    database = await target.create();
    harness = await startTestApp(database.databaseUrl);
    ends = new SessionEnds(harness.app.database, harness.app.log, { recheckEveryMs: 50 });
    quiet = new SessionEnds(harness.app.database, harness.app.log, { recheckEveryMs: 3_600_000 });
    await Promise.all([ends.start(), quiet.start()]);
  });
  afterAll(async () => {
    await Promise.all([ends?.stop(), quiet?.stop()]);
    await harness?.stop();
    await database?.drop();
  });

  it('reads open sessions again by itself: a deleted session ends its watch, a live one keeps it', async () => {
    const gone = await signedIn(harness.app);
    const live = await signedIn(harness.app);
    const goneWatch = ends.watch(gone);
    const liveWatch = ends.watch(live);
    await harness.app.database.db.delete(sessions).where(eq(sessions.id, gone.sessionId));
    await endOf(goneWatch);
    // Both were read in the same pass.
    expect(liveWatch.ended.aborted).toBe(false);
    liveWatch.release();
  });

  it('ends what an announcement names: one session, a user’s, or a user’s within one tenant only', async () => {
    const owner = await signedIn(harness.app);
    const other = await signedIn(harness.app);
    const session = quiet.watch(owner);
    // Another stream of the same user (the announcements name sessions that need not exist).
    const sameUser = quiet.watch({ ...owner, sessionId: randomUUID() });
    const stranger = quiet.watch(other);

    await quiet.announce({ sessionId: owner.sessionId });
    await endOf(session);
    expect([sameUser.ended.aborted, stranger.ended.aborted]).toEqual([false, false]);

    // Announcements arrive in order: once the second one is heard, the first was heard too.
    await quiet.announce({ userId: owner.userId, tenantId: other.tenantId });
    await quiet.announce({ userId: other.userId });
    await endOf(stranger);
    expect(sameUser.ended.aborted).toBe(false);
    await quiet.announce({ userId: owner.userId, tenantId: owner.tenantId });
    await endOf(sameUser);
  });

  it('forgets a released watch and ignores an announcement it cannot read', async () => {
    const owner = await signedIn(harness.app);
    const released = ends.watch(owner);
    released.release();
    await harness.app.database.executeSql('select pg_notify($1, $2)', ['sparks_session_ends', 'not json']);
    await harness.app.database.db.delete(sessions).where(eq(sessions.id, owner.sessionId));
    const witness = ends.watch({ ...(await signedIn(harness.app)), sessionId: randomUUID() });
    await endOf(witness);
    expect(released.ended.aborted).toBe(false);
  });
});
