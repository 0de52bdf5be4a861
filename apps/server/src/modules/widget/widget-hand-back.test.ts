import type { LiveConversation, LiveTranscript, WidgetMessage, WidgetTurn } from '@sparks/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { openEventStream } from '#test/live-helpers.js';
import { makeTempDir, startTestApp } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { SHOP, widgetClient } from '#test/widget-helpers.js';
import { conversations, usageCounters } from '../../db/schema.js';
import { ASK_AGAIN } from '../channels/channel-turns-service.js';
import { HAND_BACK_ANSWER_JOB } from './hand-back-answer-job.js';

/** Two sections a follow-up's own words cannot tell apart: only the question before it names which one it asks about. */
const BAKERY = Buffer.from(
  [
    '# Crumb & Co. Bakery',
    '',
    '## Opening hours',
    'On Saturday we open from 8:00 to 14:00. From Monday to Friday we open from 7:00 to 19:00.',
    '',
    '## Sourdough',
    'Our sourdough loaf rises for 36 hours and costs 6 euros; it is baked every morning.',
    '',
  ].join('\n'),
);
const HOURS = 'On Saturday we open from 8:00 to 14:00';

/** The bakery's Spark on its website: the owner's Live view and a visitor's widget, over real connections when `base` is given. */
async function bakery(app: FastifyInstance, base?: string) {
  const { tokens } = await verifiedAccount(app);
  const token = tokens.access_token;
  const spark = await chatClient(app, token).newSpark();
  await documentsClient(app, token).uploadReady(spark._id, 'bakery.md', BAKERY);
  const widget = widgetClient(app, token);
  await widget.allow(spark._id, [SHOP]);
  const { deployToken } = await widget.deployment(spark._id);
  const ticket = widget.ticketOf((await widget.frame(deployToken, `${SHOP}/help`)).payload);
  const visitorHeaders = (session?: string) => ({ 'x-sparks-ticket': ticket, ...(session ? { 'x-sparks-visitor': session } : {}) });
  const ask = async (text: string, session?: string): Promise<WidgetTurn> => {
    const response = await widget.ask(deployToken, text, visitorHeaders(session));
    expect(response.statusCode, response.payload).toBe(200);
    return (response.json() as { data: WidgetTurn }).data;
  };
  const auth = { authorization: `Bearer ${token}` };
  const live = `/api/v1/sparks/${spark._id}/live`;
  const owner = {
    conversationId: async () => ((await app.inject({ method: 'GET', url: live, headers: auth })).json() as { data: LiveConversation[] }).data[0]!.id,
    transcript: async (id: string) => ((await app.inject({ method: 'GET', url: `${live}/${id}`, headers: auth })).json() as { data: LiveTranscript }).data,
    takeOver: (id: string) => app.inject({ method: 'POST', url: `${live}/${id}/take-over`, headers: auth, payload: {} }),
    say: (id: string, text: string) => app.inject({ method: 'POST', url: `${live}/${id}/messages`, headers: auth, payload: { text } }),
    handBack: (id: string) => app.inject({ method: 'POST', url: `${live}/${id}/hand-back`, headers: auth }),
    interactions: async () =>
      ((await app.inject({ method: 'GET', url: '/api/v1/billing/usage', headers: auth })).json() as { data: { interactions: number } }).data.interactions,
    /** The month's interactions all spent, as a busy month leaves them. */
    spendTheMonth: async () => {
      const profile = (await app.inject({ method: 'GET', url: '/api/v1/account/profile', headers: auth })).json().data as {
        tenants: Array<{ _id: string; subscription: { limits: { interactions: { value: number } } } }>;
      };
      const [tenant] = profile.tenants;
      await app.database.db
        .update(usageCounters)
        .set({ interactions: tenant!.subscription.limits.interactions.value })
        .where(eq(usageCounters.tenantId, tenant!._id));
    },
  };
  const visitorStream = (session: string) => openEventStream(`${base}/widget/${deployToken}/live`, visitorHeaders(session));
  return { app, spark, ask, owner, visitorStream };
}

/** The cited passage's words, as the visitor's answer shows them. */
const citedText = (message: WidgetMessage | undefined) => (message?.citations ?? []).map((citation) => citation.excerpt).join('\n');

describe.each(testDatabaseTargets())('a conversation handed back to the Spark on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.create>>;
  const files = makeTempDir();
  let server: { app: FastifyInstance; base: string; stop(): Promise<void> };
  beforeAll(async () => {
    database = await target.create();
    const harness = await startTestApp(database.databaseUrl, { DATA_DIR: files.path, RATE_LIMIT_MAX: '100000' });
    server = { ...harness, base: `${await harness.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1` };
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    files.remove();
  });

  it('searches a follow-up with the visitor’s question before it, not with what was said to the person', async () => {
    const shop = await bakery(server.app);
    const first = await shop.ask('When do you open on Saturday?');
    expect(citedText(first.messages.at(-1))).toContain(HOURS);
    const session = first.visitorToken;
    await shop.ask('Can I talk to a person?', session);
    const id = await shop.owner.conversationId();
    await shop.owner.takeOver(id);
    expect((await shop.ask('Do you still have sourdough today?', session)).messages).toEqual([]);
    expect((await shop.owner.say(id, 'Yes! Our sourdough loaf rose for 36 hours, I kept one for you.')).statusCode).toBe(201);
    await shop.owner.handBack(id);
    await server.app.jobs.idle(HAND_BACK_ANSWER_JOB);
    // The person answered the visitor's last message: the Spark says nothing after the notice.
    expect((await shop.owner.transcript(id)).messages.at(-1)).toMatchObject({ role: 'notice', notice: 'left' });

    const followUp = (await shop.ask('And until what time?', session)).messages.at(-1);
    expect(citedText(followUp)).toContain(HOURS);
    expect(JSON.stringify(followUp)).not.toMatch(/sourdough/i);
  });

  it('answers the question the person left unanswered, through the visitor’s live stream, counted once like any other', async () => {
    const shop = await bakery(server.app, server.base);
    const session = (await shop.ask('Can I talk to a person?')).visitorToken;
    const id = await shop.owner.conversationId();
    await shop.owner.takeOver(id);
    const hearing = await shop.visitorStream(session);
    await hearing.waitFor((event) => event.data.notice === 'joined');
    const before = await shop.owner.interactions();
    expect((await shop.ask('When do you open on Saturday?', session)).messages).toEqual([]);
    // A message to a person is not an interaction.
    expect(await shop.owner.interactions()).toBe(before);

    expect((await shop.owner.handBack(id)).statusCode).toBe(200);
    const answer = await hearing.waitFor((event) => event.data.role === 'spark');
    const shown = answer.data as WidgetMessage;
    expect(shown.content).toContain('8:00 to 14:00');
    // The visitor's view of an answer: its sources numbered as cited, and its id for their vote; nothing of the search.
    expect(shown.citations).toEqual([expect.objectContaining({ marker: 1, title: 'bakery.md', excerpt: expect.stringContaining(HOURS) })]);
    expect(shown.id).toEqual(expect.any(String));
    expect(JSON.stringify(shown)).not.toContain('chunkId');
    const order = hearing.messages().map((event) => event.data.notice ?? event.data.role);
    expect(order.slice(-2)).toEqual(['left', 'spark']);
    await server.app.jobs.idle(HAND_BACK_ANSWER_JOB);
    expect(await shop.owner.interactions()).toBe(before + 1);

    // Answered once: asked again, there is nothing left unanswered.
    expect(await server.app.services.channels.leftUnanswered(shop.spark._id, (await hashOf(server.app, id))!, 'en')).toBeNull();
    expect(await shop.owner.interactions()).toBe(before + 1);
    // The owner's Live view has it too, with its sources.
    const transcript = await shop.owner.transcript(id);
    expect(transcript.messages.at(-1)).toMatchObject({ role: 'spark', citations: [expect.objectContaining({ marker: 1, title: 'bakery.md' })] });
    expect(transcript.messages.filter((message) => message.role === 'spark')).toHaveLength(2);
    await hearing.close();
  });

  it('hands a quiet conversation back by itself and, with the month’s interactions spent, tells the visitor to ask again', async () => {
    const shop = await bakery(server.app, server.base);
    const session = (await shop.ask('Can I talk to a person?')).visitorToken;
    const id = await shop.owner.conversationId();
    await shop.owner.takeOver(id);
    await shop.ask('¿Abrís el sábado por la mañana?', session);
    const hearing = await shop.visitorStream(session);
    await hearing.waitFor((event) => event.event === 'state');
    await shop.owner.spendTheMonth();
    const spent = await shop.owner.interactions();
    // Quiet for longer than its period: the sweep gives it back.
    await server.app.database.db
      .update(conversations)
      .set({ takenOverAt: sql`now() - interval '11 minutes'`, updatedAt: sql`now() - interval '11 minutes'` })
      .where(eq(conversations.id, id));
    await server.app.services.live.handBackQuiet();
    const told = await hearing.waitFor((event) => event.data.role === 'spark');
    expect(told.data.content).toBe(ASK_AGAIN.es);
    expect(hearing.messages().map((event) => event.data.notice ?? event.data.role)).toEqual(['joined', 'handed-back', 'spark']);
    await server.app.jobs.idle(HAND_BACK_ANSWER_JOB);
    expect(await shop.owner.interactions()).toBe(spent);
    await hearing.close();
  });
});

/** A visitor conversation's hash of its visitor, as the widget's session is known. */
async function hashOf(app: FastifyInstance, conversationId: string): Promise<string | null> {
  const [row] = await app.database.db.select({ visitorHash: conversations.visitorHash }).from(conversations).where(eq(conversations.id, conversationId));
  return row?.visitorHash ?? null;
}

describe.each(testDatabaseTargets())('a follow-up after a hand-back, with a model, on $name', (target) => {
  const { app, fake, systemOf } = appWithFakeModel(target);

  it('is reworded with the visitor’s question before it; the model reads the person’s words as theirs', async () => {
    const shop = await bakery(app());
    fake().enqueue({ text: `${HOURS} [1].` });
    const session = (await shop.ask('When do you open on Saturday?')).visitorToken;
    // The request for a person is answered without the model.
    await shop.ask('Can I talk to a person?', session);
    const id = await shop.owner.conversationId();
    await shop.owner.takeOver(id);
    await shop.ask('Do you still have sourdough today?', session);
    await shop.owner.say(id, 'Yes! Our sourdough loaf rose for 36 hours, I kept one for you.');
    await shop.owner.handBack(id);
    await app().jobs.idle(HAND_BACK_ANSWER_JOB);

    const before = fake().requests.length;
    fake().enqueue({ text: 'closing time on Saturday\nSaturday opening hours' }, { text: 'Until 14:00 [1].' });
    const answer = (await shop.ask('And until what time?', session)).messages.at(-1);
    const [reword, respond] = fake().requests.slice(before);
    const rewording = JSON.stringify(reword!.messages);
    expect(rewording).toContain('Earlier question: When do you open on Saturday?');
    expect(rewording).not.toMatch(/sourdough/i);
    expect(systemOf(respond!).indexOf(HOURS)).toBeGreaterThan(-1);
    // What the person wrote is part of what was said, marked as theirs, never the Spark's own words.
    const person = respond!.messages.find((message) => JSON.stringify(message.content).includes('I kept one for you'));
    expect(person?.role).toBe('assistant');
    expect(JSON.stringify(person?.content)).toContain('of the team, wrote to the visitor');
    expect(citedText(answer)).toContain(HOURS);
  });
});
