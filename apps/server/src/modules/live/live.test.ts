import type { LiveConversation, LiveState, LiveTranscript, WidgetTurn } from '@sparks/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { listeningApp as listening, liveShop as bakery, openEventStream } from '#test/live-helpers.js';
import { makeTempDir } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { conversations } from '../../db/schema.js';
import { LIVE_HAND_BACK_JOB } from './live-module.js';

describe.each(testDatabaseTargets())('live conversations on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.create>>;
  const files = makeTempDir();
  let server: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    database = await target.create();
    server = await listening(database.databaseUrl, files.path);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    files.remove();
  });

  it('an owner takes a conversation over, both sides talk live, a dropped stream resumes with nothing lost or repeated, and the Spark answers again after hand-back', async () => {
    const app = server.app;
    const shop = await bakery(app, server.base);
    const first = await shop.ask('Can I return a bike?');
    expect(first.statusCode, first.payload).toBe(200);
    const session = (first.json() as { data: WidgetTurn }).data.visitorToken;

    const [listed] = await shop.owner.list();
    expect(listed).toMatchObject({ lastRole: 'spark', messages: 2, takenOver: null, askedForPerson: false, language: 'en' });
    const id = listed!.id;

    const watching = await shop.owner.stream(id);
    expect(watching.status).toBe(200);
    // What was said before the owner opened it arrives first, each message with its id.
    await watching.waitFor((event) => event.event === 'state');
    expect(watching.messages().map((event) => [event.id, event.data.role])).toEqual([
      [1, 'visitor'],
      [2, 'spark'],
    ]);

    const taken = await shop.owner.takeOver(id, { handBackMinutes: 15 });
    expect(taken.statusCode, taken.payload).toBe(200);
    expect((taken.json() as { data: LiveState }).data.takenOver).toMatchObject({ handBackMinutes: 15 });
    const hearing = await shop.visitor.stream(session);
    expect(hearing.status).toBe(200);
    await hearing.waitFor((event) => event.event === 'message' && event.data.notice === 'joined');

    // Markup in an owner's message is text: it travels and is stored as written, never as HTML.
    const said = await shop.owner.say(id, 'Hi! <b>Yes</b>, within 30 days.');
    expect(said.statusCode, said.payload).toBe(201);
    await hearing.waitFor((event) => event.data.role === 'owner' && event.data.content === 'Hi! <b>Yes</b>, within 30 days.');

    // The visitor's reply goes to the owner; the Spark stays quiet.
    const reply = await shop.ask('Great, do you deliver?', session);
    expect(reply.statusCode, reply.payload).toBe(200);
    expect((reply.json() as { data: WidgetTurn }).data.messages).toEqual([]);
    await watching.waitFor((event) => event.data.role === 'visitor' && event.data.content === 'Great, do you deliver?');

    // Both networks drop; messages come meanwhile; each reconnect asks after the last id it had.
    const lastSeen = hearing.messages().at(-1)!.id!;
    const ownerLast = watching.messages().at(-1)!.id!;
    await Promise.all([hearing.close(), watching.close()]);
    await shop.owner.say(id, 'Yes, on Fridays.');
    await shop.owner.say(id, 'Anything else?');
    await shop.ask('No, thanks!', session);
    const again = await shop.visitor.stream(session, { 'last-event-id': String(lastSeen) });
    await again.waitFor((event) => event.event === 'state');
    // The visitor gets the owner's two messages, not their own words back.
    expect(again.messages().map((event) => event.data.content)).toEqual(['Yes, on Fridays.', 'Anything else?']);
    const resumed = await openEventStream(`${server.base}/sparks/${shop.spark._id}/live/${id}/events?after=${ownerLast}`, shop.auth);
    await resumed.waitFor((event) => event.event === 'state');
    expect(resumed.messages().map((event) => event.data.content)).toEqual(['Yes, on Fridays.', 'Anything else?', 'No, thanks!']);
    await resumed.close();

    const back = await shop.owner.handBack(id);
    expect((back.json() as { data: LiveState }).data.takenOver).toBeNull();
    await again.waitFor((event) => event.data.notice === 'left');
    await again.close();
    const answered = await shop.ask('How long do I have to return a bike?', session);
    expect((answered.json() as { data: WidgetTurn }).data.messages.map((message) => message.role)).toEqual(['spark']);

    // The transcript and the visitor's own history hold every author, the owner's messages with their name.
    const transcript = (await shop.owner.transcript(id)).json() as { data: LiveTranscript };
    expect(transcript.data.messages.map((message) => message.role)).toEqual(expect.arrayContaining(['visitor', 'spark', 'notice', 'owner']));
    // The Spark's answers come with the sources their markers name, numbered as the visitor read them.
    const cited = transcript.data.messages.find((message) => message.role === 'spark' && message.content.includes('[1]'));
    expect(cited?.citations).toEqual([expect.objectContaining({ marker: 1, title: 'returns.md', excerpt: expect.stringContaining('30 days') })]);
    const history = (
      await app.inject({ method: 'GET', url: `/api/v1/widget/${shop.deployToken}/conversation`, headers: shop.visitorHeaders(session) })
    ).json() as {
      data: { messages: Array<{ role: string; notice?: string }> };
    };
    expect(history.data.messages.filter((message) => message.role === 'owner')).toHaveLength(3);
    expect(history.data.messages.filter((message) => message.role === 'notice').map((message) => message.notice)).toEqual(['joined', 'left']);
    // The export has the owner as the conversation's third author; the notices are the widget's words, not rows.
    const exported = await app.inject({ method: 'GET', url: `/api/v1/sparks/${shop.spark._id}/conversations/export?format=json&days=7`, headers: shop.auth });
    const rows = JSON.parse(exported.payload) as Array<{ role: string; text: string }>;
    expect(rows.filter((row) => row.role === 'owner').map((row) => row.text)).toEqual([
      'Hi! <b>Yes</b>, within 30 days.',
      'Yes, on Fridays.',
      'Anything else?',
    ]);
    expect(rows.map((row) => row.text)).not.toContain('');
  });

  it('hands a quiet conversation back by itself and tells the visitor', async () => {
    const shop = await bakery(server.app, server.base);
    const session = ((await shop.ask('Hello')).json() as { data: WidgetTurn }).data.visitorToken;
    const [{ id }] = (await shop.owner.list()) as [LiveConversation];
    await shop.owner.takeOver(id, { handBackMinutes: 1 });
    await server.app.jobs.sweep(LIVE_HAND_BACK_JOB);
    expect((await shop.owner.list())[0]!.takenOver).not.toBeNull();
    // Two quiet minutes later.
    await server.app.database.db
      .update(conversations)
      .set({ takenOverAt: sql`now() - interval '2 minutes'`, updatedAt: sql`now() - interval '2 minutes'` })
      .where(eq(conversations.id, id));
    await server.app.jobs.sweep(LIVE_HAND_BACK_JOB);
    expect((await shop.owner.list())[0]!.takenOver).toBeNull();
    const history = (
      await server.app.inject({ method: 'GET', url: `/api/v1/widget/${shop.deployToken}/conversation`, headers: shop.visitorHeaders(session) })
    ).json() as {
      data: { messages: Array<{ notice?: string }> };
    };
    expect(history.data.messages.at(-1)).toMatchObject({ notice: 'handed-back' });
  });

  it('tells the owner’s Live view at once when a visitor asks for a person', async () => {
    const shop = await bakery(server.app, server.base);
    const list = await shop.owner.sparkStream();
    await list.waitFor((event) => event.event === 'state');
    await shop.ask('Can I talk to a person?');
    const heard = await list.waitFor((event) => event.event === 'conversation' && event.data.kind === 'person');
    const [listed] = await shop.owner.list();
    expect(heard.data.conversationId).toBe(listed!.id);
    expect(listed).toMatchObject({ askedForPerson: true });
    await list.close();
    // Once a person has answered, the conversation no longer calls for one.
    await shop.owner.takeOver(listed!.id);
    await shop.owner.say(listed!.id, 'Hello, I am here.');
    expect((await shop.owner.list())[0]).toMatchObject({ askedForPerson: false });
  });

  it('keeps each owner to their own Spark’s conversations and each visitor to their own', async () => {
    const shop = await bakery(server.app, server.base);
    const session = ((await shop.ask('Hello')).json() as { data: WidgetTurn }).data.visitorToken;
    const [{ id }] = (await shop.owner.list()) as [LiveConversation];
    const mallory = (await verifiedAccount(server.app)).tokens.access_token;
    const as = { authorization: `Bearer ${mallory}` };
    const base = `/api/v1/sparks/${shop.spark._id}/live`;
    for (const [method, url, payload] of [
      ['GET', base, undefined],
      ['GET', `${base}/${id}`, undefined],
      ['POST', `${base}/${id}/take-over`, {}],
      ['POST', `${base}/${id}/hand-back`, undefined],
      ['POST', `${base}/${id}/messages`, { text: 'I am the owner now' }],
    ] as const) {
      const response = await server.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await openEventStream(`${server.base}/sparks/${shop.spark._id}/live/${id}/events`, as);
    expect(theirs.status).toBe(404);
    // Another visitor (a session of their own) has no conversation to listen to; a made-up session neither.
    const other = ((await shop.ask('Hi there')).json() as { data: WidgetTurn }).data.visitorToken;
    expect(other).not.toBe(session);
    await shop.owner.takeOver(id);
    await shop.owner.say(id, 'Only for the first visitor');
    const stranger = await shop.visitor.stream(other);
    await stranger.waitFor((event) => event.event === 'state');
    expect(stranger.messages()).toEqual([]);
    await stranger.close();
    expect((await shop.visitor.stream(`vt_${'x'.repeat(43)}`)).status).toBe(404);
    // Only an event id resumes a stream; anything else is refused.
    for (const forged of ['abc', '-1', '1e9', '99999999999', "1'; drop table chat_messages; --"]) {
      const refused = await shop.owner.stream(id, { 'last-event-id': forged });
      expect(refused.status, forged).toBe(400);
      await refused.close();
    }
    // Writing needs the conversation taken over, and a message within its length.
    await shop.owner.handBack(id);
    expect((await shop.owner.say(id, 'Not taken over')).statusCode).toBe(409);
    await shop.owner.takeOver(id);
    const long = await shop.owner.say(id, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).code).toBe('VALIDATION_FAILED');
  });
});

const POSTGRES = testDatabaseTargets().find((target) => target.name === 'postgres');

/** Behind a load balancer the owner and the visitor are often on different instances of one database. */
describe.skipIf(!POSTGRES)('live conversations across two instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<NonNullable<typeof POSTGRES>['create']>>;
  const files = makeTempDir();
  let first: Awaited<ReturnType<typeof listening>>;
  let second: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    database = await POSTGRES!.create();
    first = await listening(database.databaseUrl, files.path);
    second = await listening(database.databaseUrl, files.path);
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await database?.drop();
    files.remove();
  });

  it('an owner on one instance and a visitor on another talk live both ways', async () => {
    const shop = await bakery(first.app, first.base);
    const session = ((await shop.ask('Hello')).json() as { data: WidgetTurn }).data.visitorToken;
    const [{ id }] = (await shop.owner.list()) as [LiveConversation];
    const watching = await shop.owner.stream(id);
    await watching.waitFor((event) => event.event === 'state');
    await shop.owner.takeOver(id);
    // The visitor's widget is served by the other instance.
    const hearing = await shop.visitor.stream(session, {}, second.base);
    await hearing.waitFor((event) => event.event === 'state');
    await shop.owner.say(id, 'Hello from the first instance');
    await hearing.waitFor((event) => event.data.content === 'Hello from the first instance');
    const asked = await second.app.inject({
      method: 'POST',
      url: `/api/v1/widget/${shop.deployToken}/chat`,
      headers: shop.visitorHeaders(session),
      payload: { text: 'Hello from the second instance' },
    });
    expect(asked.statusCode, asked.payload).toBe(200);
    await watching.waitFor((event) => event.data.content === 'Hello from the second instance');
    await Promise.all([watching.close(), hearing.close()]);
  });
});
