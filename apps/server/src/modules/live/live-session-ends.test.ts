import type { LiveConversation, WidgetTurn } from '@sparks/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, latestMail, linkTokenIn, post, tokensOf } from '#test/accounts-helpers.js';
import { listeningApp, liveShop, openEventStream, type ReceivedEvent } from '#test/live-helpers.js';
import { makeTempDir } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { call, memberAs } from '#test/team-helpers.js';
import { sessions, tenants } from '../../db/schema.js';

type Server = Awaited<ReturnType<typeof listeningApp>>;
type Stream = Awaited<ReturnType<Awaited<ReturnType<typeof liveShop>>['owner']['stream']>>;

const endedBySession = (event: ReceivedEvent) => event.event === 'ended' && event.data.reason === 'session-ended';

/** A conversation taken over, so each visitor message goes to the owner's streams; and a way to open streams with any of the owner's tokens. */
async function takenOver(server: Server) {
  const shop = await liveShop(server.app, server.base);
  const visitorToken = ((await shop.ask('Can I return a bike?')).json() as { data: WidgetTurn }).data.visitorToken;
  const [{ id }] = (await shop.owner.list()) as [LiveConversation];
  expect((await shop.owner.takeOver(id)).statusCode).toBe(200);
  /** The conversation's stream and the Spark's list stream, opened with `token` (a session of the owner). */
  const streamsOf = async (token: string) => {
    const as = { authorization: `Bearer ${token}` };
    const conversation = await shop.owner.stream(id, as);
    const list = await shop.owner.sparkStream(token);
    expect([conversation.status, list.status]).toEqual([200, 200]);
    await Promise.all([conversation.waitFor((event) => event.event === 'state'), list.waitFor((event) => event.event === 'state')]);
    return { conversation, list };
  };
  /** Another login of the same owner: a session of its own. */
  const login = async () => tokensOf(await post(server.app, '/auth/login', { username: shop.email, password: GOOD_PASSWORD }));
  const visitorSays = async (text: string) => expect((await shop.ask(text, visitorToken)).statusCode).toBe(200);
  const sessionOf = async (token: string) => (await server.app.accessTokens.verify(token)).sessionId;
  return { shop, id, streamsOf, login, visitorSays, sessionOf };
}

/** Ended for good: the last event says the session ended, the server closed the connection, and nothing came after. */
async function endedForGood(stream: Stream) {
  await stream.waitFor(endedBySession);
  await stream.finished;
  expect(stream.events.at(-1)).toMatchObject({ event: 'ended', data: { reason: 'session-ended' } });
}

/** What a stream received after the session ended: nothing, even once a later message reached a live stream. */
const contentsOf = (stream: Stream) => stream.messages().map((event) => event.data.content);

describe.each(testDatabaseTargets())('an owner’s live streams end with their session on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.create>>;
  const files = makeTempDir();
  let server: Server;
  beforeAll(async () => {
    database = await target.create();
    server = await listeningApp(database.databaseUrl, files.path);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    files.remove();
  });

  it('ends the streams of the session that logs out, and only those: another session of the owner keeps hearing the visitor', async () => {
    const { shop, id, streamsOf, login, visitorSays } = await takenOver(server);
    const leaving = await streamsOf(shop.token);
    const staying = await streamsOf((await login()).access_token);

    const logout = await post(server.app, '/auth/logout', undefined, { token: shop.token });
    expect(logout.statusCode, logout.payload).toBe(200);
    await Promise.all([endedForGood(leaving.conversation), endedForGood(leaving.list)]);

    await visitorSays('Are you still there?');
    await staying.conversation.waitFor((event) => event.data.content === 'Are you still there?');
    await staying.list.waitFor((event) => event.event === 'conversation' && event.data.kind === 'message');
    expect(contentsOf(leaving.conversation)).not.toContain('Are you still there?');
    expect(leaving.list.events.filter((event) => event.event === 'conversation')).toEqual([]);
    expect(staying.conversation.events.some(endedBySession)).toBe(false);
    // The ended session cannot open another.
    expect((await shop.owner.stream(id)).status).toBe(403);
    await Promise.all([staying.conversation.close(), staying.list.close()]);
  });

  it('ends the streams of every session of the owner when the password is reset; the new session’s stream hears what follows', async () => {
    const { shop, streamsOf, login, visitorSays } = await takenOver(server);
    const first = await streamsOf(shop.token);
    const second = await streamsOf((await login()).access_token);

    expect((await post(server.app, '/users/forgot-password', { email: shop.email })).statusCode).toBe(200);
    const reset = await post(
      server.app,
      '/users/reset-password',
      { newPassword: 'Brand-New-Pass2' },
      { token: linkTokenIn((await latestMail(server.app, shop.email)).text) },
    );
    expect(reset.statusCode, reset.payload).toBe(200);
    await Promise.all([first.conversation, first.list, second.conversation, second.list].map(endedForGood));

    const fresh = tokensOf(await post(server.app, '/auth/login', undefined, { token: (reset.json() as { data: { token: string } }).data.token }));
    const after = await streamsOf(fresh.access_token);
    await visitorSays('Hello after the reset');
    await after.conversation.waitFor((event) => event.data.content === 'Hello after the reset');
    for (const ended of [first.conversation, second.conversation]) expect(contentsOf(ended)).not.toContain('Hello after the reset');
    await Promise.all([after.conversation.close(), after.list.close()]);
  });

  it('ends the stream of a session whose refresh token is replayed', async () => {
    const { shop, streamsOf } = await takenOver(server);
    const open = await streamsOf(shop.token);
    tokensOf(await post(server.app, '/auth/refresh-token', { refresh_token: shop.tokens.refresh_token }));
    const replay = await post(server.app, '/auth/refresh-token', { refresh_token: shop.tokens.refresh_token }, { userAgent: 'Copied/1.0' });
    expect(replay.statusCode).toBe(401);
    await Promise.all([endedForGood(open.conversation), endedForGood(open.list)]);
  });

  it('ends, at the re-check, the streams of a session whose row was deleted or that expired, and keeps the others', async () => {
    const { shop, streamsOf, login, visitorSays, sessionOf } = await takenOver(server);
    const deleted = await streamsOf(shop.token);
    const expiredToken = (await login()).access_token;
    const expired = await streamsOf(expiredToken);
    const kept = await streamsOf((await login()).access_token);

    // No announcement: the rows change under the streams, as an administrator or a clean-up would.
    await server.app.database.db.delete(sessions).where(eq(sessions.id, await sessionOf(shop.token)));
    await server.app.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, await sessionOf(expiredToken)));
    expect(await server.app.services.sessionEnds.recheck()).toBe(4);
    await Promise.all([deleted.conversation, deleted.list, expired.conversation, expired.list].map(endedForGood));

    await visitorSays('Anyone?');
    await kept.conversation.waitFor((event) => event.data.content === 'Anyone?');
    expect(contentsOf(deleted.conversation)).not.toContain('Anyone?');
    expect(contentsOf(expired.conversation)).not.toContain('Anyone?');
    await Promise.all([kept.conversation.close(), kept.list.close()]);
  });

  it('ends a member’s streams when the owner lowers their role or removes them, and lets them open none after', async () => {
    const { shop, id, streamsOf, visitorSays } = await takenOver(server);
    const owner = { token: shop.token };
    const demoted = await memberAs(server.app, owner, 'agent');
    const open = await streamsOf(demoted.token);
    expect((await call(server.app, shop.token, 'PATCH', `/team/members/${demoted.userId}`, { role: 'editor' })).statusCode).toBe(200);
    await Promise.all([endedForGood(open.conversation), endedForGood(open.list)]);
    // An editor does not read Live.
    expect((await shop.owner.stream(id, { authorization: `Bearer ${demoted.token}` })).status).toBe(403);

    // Removal: a viewer's streams end, as they would on another instance (the announcement, or the re-check).
    await server.app.database.db
      .update(tenants)
      .set({ planSlug: 'emerald' })
      .where(eq(tenants.ownerId, (await server.app.accessTokens.verify(shop.token)).userId));
    const removed = await memberAs(server.app, owner, 'viewer');
    const watching = await streamsOf(removed.token);
    expect((await call(server.app, shop.token, 'DELETE', `/team/members/${removed.userId}`)).statusCode).toBe(200);
    await Promise.all([endedForGood(watching.conversation), endedForGood(watching.list)]);
    await visitorSays('Still here?');
    expect(contentsOf(watching.conversation)).not.toContain('Still here?');
    expect((await shop.owner.stream(id, { authorization: `Bearer ${removed.token}` })).status).toBe(403);
  });
});

const POSTGRES = testDatabaseTargets().find((candidate) => candidate.name === 'postgres');

/** Behind a load balancer the logout may reach one instance while the stream is held by another. */
describe.skipIf(!POSTGRES)('an owner’s live stream ends with their session across two instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<NonNullable<typeof POSTGRES>['create']>>;
  const files = makeTempDir();
  let first: Server;
  let second: Server;
  beforeAll(async () => {
    database = await POSTGRES!.create();
    first = await listeningApp(database.databaseUrl, files.path);
    second = await listeningApp(database.databaseUrl, files.path);
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await database?.drop();
    files.remove();
  });

  it('ends the stream held by the other instance when the owner logs out on this one', async () => {
    const { shop, id } = await takenOver(first);
    const held = await openEventStream(`${second.base}/sparks/${shop.spark._id}/live/${id}/events`, shop.auth);
    await held.waitFor((event) => event.event === 'state');
    expect((await post(first.app, '/auth/logout', undefined, { token: shop.token })).statusCode).toBe(200);
    await endedForGood(held);
  });
});
