import { randomUUID } from 'node:crypto';
import type { Insights } from '@sparks/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { documentsRead } from '#test/documents-helpers.js';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import { chatMessages, conversations, documents, messageFeedback, sparks } from '../../db/schema.js';
import { insightsPeriod } from './insights-service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A moment `daysAgo` UTC days before today at `hour` o'clock UTC (never in the future for daysAgo ≥ 1, or hour 0 today). */
function at(daysAgo: number, hour = 0, minute = 0): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY_MS + hour * HOUR_MS + minute * 60_000);
}
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

type Said = { human: string } | { ai: { unanswered?: boolean; cites?: string[] }; vote?: 'up' | 'down' };

/** Stored rows as the widget and the chat pipeline write them, at chosen moments. */
function seeder(app: FastifyInstance, owner: { tenantId: string; sparkId: string }) {
  const db = app.database.db;
  return {
    sparkId: owner.sparkId,
    async conversation(kind: 'widget' | 'test', turns: Array<Said & { at: Date }>) {
      const id = randomUUID();
      const times = turns.map((turn) => turn.at.getTime());
      await db.insert(conversations).values({
        id,
        tenantId: owner.tenantId,
        sparkId: owner.sparkId,
        kind,
        visitorHash: kind === 'widget' ? randomUUID() : null,
        createdAt: new Date(Math.min(...times)),
        updatedAt: new Date(Math.max(...times)),
      });
      for (const [index, turn] of turns.entries()) {
        const data =
          'human' in turn
            ? { content: turn.human }
            : {
                content: 'An answer [1].',
                ...(turn.ai.cites?.length
                  ? { citations: turn.ai.cites.map((documentId, marker) => ({ marker: marker + 1, title: 'a document', excerpt: '…', documentId })) }
                  : {}),
                ...(turn.ai.unanswered ? { unanswered: true } : {}),
              };
        const [message] = await db
          .insert(chatMessages)
          .values({ conversationId: id, seq: index + 1, type: 'human' in turn ? 'human' : 'ai', data, createdAt: turn.at })
          .returning({ id: chatMessages.id });
        if ('vote' in turn && turn.vote)
          await db
            .insert(messageFeedback)
            .values({ messageId: message!.id, tenantId: owner.tenantId, sparkId: owner.sparkId, conversationId: id, rating: turn.vote, createdAt: turn.at });
      }
    },
    async document(name: string, options: { status?: 'ready' | 'failed'; kind?: 'markdown' | 'answer'; lineageId?: string } = {}) {
      const id = randomUUID();
      await db.insert(documents).values({
        id,
        tenantId: owner.tenantId,
        sparkId: owner.sparkId,
        name,
        kind: options.kind ?? 'markdown',
        sizeBytes: 100,
        storageKey: `test/${id}`,
        status: options.status ?? 'ready',
        ...(options.lineageId ? { lineageId: options.lineageId, version: 2 } : {}),
      });
      return id;
    },
  };
}

describe.each(testDatabaseTargets())("a Spark's insights on $name", (target) => {
  const app = appOnTarget(target);

  async function ownerWithSpark() {
    const { tokens } = await verifiedAccount(app());
    const token = tokens.access_token;
    const spark = await chatClient(app(), token).newSpark();
    const [row] = await app().database.db.select({ tenantId: sparks.tenantId }).from(sparks).where(eq(sparks.id, spark._id));
    const read = (query = '', bearer: string | null = token) =>
      app().inject({
        method: 'GET',
        url: `/api/v1/sparks/${spark._id}/insights${query}`,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
    const insights = async (days: '7' | '30' | '90') => {
      const response = await read(`?days=${days}`);
      expect(response.statusCode, response.payload).toBe(200);
      return (response.json() as { data: Insights }).data;
    };
    return { token, sparkId: spark._id, seed: seeder(app(), { tenantId: row!.tenantId, sparkId: spark._id }), read, insights };
  }

  it('counts visitors, questions, answers, votes and documents over the period, by UTC day and hour', async () => {
    const { seed, insights } = await ownerWithSpark();
    const returns = await seed.document('returns.md');
    const guide = await seed.document('guide.md');
    await seed.document('opening-hours', { kind: 'answer' });
    await seed.document('broken.pdf', { status: 'failed' });
    // A second version replaced the first: answers that cited the first count for it.
    const firstPrices = randomUUID();
    const prices = await seed.document('prices.md', { lineageId: firstPrices });

    await seed.conversation('widget', [
      { human: 'What are your hours?', at: at(2, 9) },
      { ai: { cites: [returns] }, vote: 'up', at: at(2, 9, 1) },
      { human: '  what are   your hours ', at: at(2, 9, 5) },
      { ai: { unanswered: true }, vote: 'down', at: at(2, 9, 6) },
    ]);
    // Over two days: one conversation on the day it started, a question on each day.
    await seed.conversation('widget', [
      { human: '¿CUÁL es el horario?', at: at(5, 14) },
      { ai: { cites: [returns, returns] }, at: at(5, 14, 1) },
      { human: 'cual es el HORARIO', at: at(1, 14, 30) },
      { ai: { cites: [firstPrices, randomUUID()] }, at: at(1, 14, 31) },
    ]);
    await seed.conversation('widget', [
      { human: 'What are your hours!!', at: at(29, 20) },
      { ai: { unanswered: true }, at: at(29, 20, 1) },
    ]);
    // Started before the period: its old questions stay out, the one asked in the period counts.
    await seed.conversation('widget', [
      { human: 'An old question?', at: at(40, 10) },
      { ai: { cites: [guide] }, at: at(40, 10, 1) },
      { human: 'Thirty-one days ago?', at: at(31, 10) },
      { ai: { cites: [guide] }, at: at(31, 10, 1) },
      { human: 'Are you still there?', at: at(3, 11) },
      { ai: { unanswered: true }, at: at(3, 11, 1) },
    ]);
    // The owner's own test chat is not a visitor's.
    await seed.conversation('test', [
      { human: 'What are your hours?', at: at(0) },
      { ai: { cites: [guide] }, vote: 'up', at: at(0) },
    ]);
    // Another tenant's Spark with the same question.
    const stranger = await ownerWithSpark();
    await stranger.seed.conversation('widget', [
      { human: 'What are your hours?', at: at(1, 9) },
      { ai: { unanswered: true }, vote: 'down', at: at(1, 9, 1) },
    ]);

    const month = await insights('30');
    expect(month.days).toBe(30);
    expect(month.totals).toEqual({
      conversations: 3,
      whatsapp: 0,
      byChannel: { widget: 3, whatsapp: 0, messenger: 0, instagram: 0, telegram: 0, api: 0 },
      questions: 6,
      unanswered: 3,
      thumbsUp: 1,
      thumbsDown: 1,
    });
    expect(month.perDay).toHaveLength(30);
    expect(month.perDay[0]!.date).toBe(dayOf(at(29)));
    expect(month.perDay.at(-1)!.date).toBe(dayOf(at(0)));
    const byDay = Object.fromEntries(
      month.perDay.filter((day) => day.conversations + day.questions > 0).map((day) => [day.date, [day.conversations, day.questions]]),
    );
    expect(byDay).toEqual({
      [dayOf(at(29))]: [1, 1],
      [dayOf(at(5))]: [1, 1],
      [dayOf(at(3))]: [0, 1],
      [dayOf(at(2))]: [1, 2],
      [dayOf(at(1))]: [0, 1],
    });
    expect(month.busiestHours).toHaveLength(24);
    expect(month.busiestHours.flatMap((count, hour) => (count > 0 ? [[hour, count]] : []))).toEqual([
      [9, 2],
      [11, 1],
      [14, 2],
      [20, 1],
    ]);
    // Grouped by their normalised text, shown in the latest wording.
    expect(month.topQuestions).toEqual([
      { question: 'what are   your hours', count: 3 },
      { question: 'cual es el HORARIO', count: 2 },
      { question: 'Are you still there?', count: 1 },
    ]);
    expect(month.citedMost).toEqual([
      { documentId: returns, name: 'returns.md', citations: 3 },
      { documentId: prices, name: 'prices.md', citations: 1 },
    ]);
    // The owner answer 'opening-hours' is not a file to weed out: never listed as unused.
    expect(month.neverCited).toEqual([{ documentId: guide, name: 'guide.md' }]);

    const week = await insights('7');
    expect(week.perDay).toHaveLength(7);
    expect(week.totals).toEqual({
      conversations: 2,
      whatsapp: 0,
      byChannel: { widget: 2, whatsapp: 0, messenger: 0, instagram: 0, telegram: 0, api: 0 },
      questions: 5,
      unanswered: 2,
      thumbsUp: 1,
      thumbsDown: 1,
    });

    const quarter = await insights('90');
    expect(quarter.perDay).toHaveLength(90);
    expect(quarter.totals).toMatchObject({ conversations: 4, questions: 8, unanswered: 3 });
    expect(quarter.citedMost.map((document) => [document.name, document.citations])).toEqual([
      ['returns.md', 3],
      ['guide.md', 2],
      ['prices.md', 1],
    ]);
    expect(quarter.neverCited.map((document) => document.name)).toEqual([]);

    const theirs = await stranger.insights('30');
    expect(theirs.totals).toEqual({
      conversations: 1,
      whatsapp: 0,
      byChannel: { widget: 1, whatsapp: 0, messenger: 0, instagram: 0, telegram: 0, api: 0 },
      questions: 1,
      unanswered: 1,
      thumbsUp: 0,
      thumbsDown: 1,
    });
  });

  it('answers a Spark without visitors with zeros for every day and hour, and its ready documents as never cited', async () => {
    const { seed, insights } = await ownerWithSpark();
    await seed.document('handbook.pdf');
    const empty = await insights('7');
    expect(empty.perDay.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, index) => dayOf(at(6 - index))));
    expect(empty.perDay.every((day) => day.conversations === 0 && day.questions === 0)).toBe(true);
    expect(empty.totals).toEqual({
      conversations: 0,
      whatsapp: 0,
      byChannel: { widget: 0, whatsapp: 0, messenger: 0, instagram: 0, telegram: 0, api: 0 },
      questions: 0,
      unanswered: 0,
      thumbsUp: 0,
      thumbsDown: 0,
    });
    expect(empty.busiestHours).toEqual(Array.from({ length: 24 }, () => 0));
    expect(empty).toMatchObject({ topQuestions: [], citedMost: [], neverCited: [{ name: 'handbook.pdf' }] });
  });

  it('reads answers whose data is not as the pipeline writes it without failing', async () => {
    const { seed, insights } = await ownerWithSpark();
    await seed.conversation('widget', [
      { human: '???', at: at(1, 8) },
      { ai: {}, at: at(1, 8, 1) },
    ]);
    const [conversation] = await app().database.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.sparkId, seed.sparkId));
    // Citations that are not a list, a citation that is not an object, a flag that is not a boolean.
    for (const [seq, data] of [
      [3, { content: 'x', citations: 'not a list' }],
      [4, { content: 'x', citations: ['not an object', { documentId: 42 }] }],
      [5, { content: 'x', unanswered: 'yes' }],
    ] as const)
      await app()
        .database.db.insert(chatMessages)
        .values({ conversationId: conversation!.id, seq, type: 'ai', data, createdAt: at(1, 8, 2) });
    const week = await insights('7');
    expect(week.totals).toMatchObject({ conversations: 1, questions: 1, unanswered: 0 });
    // A question of punctuation only is counted but not listed.
    expect(week.topQuestions).toEqual([]);
    expect(week.citedMost).toEqual([]);
  });

  it('counts a real visitor question asked through the widget, and the document its answer cited', async () => {
    const { token, spark, ask } = await liveWidgetSpark(app());
    expect((await ask('How many days do I have to return a bicycle?')).statusCode).toBe(200);
    const response = await app().inject({ method: 'GET', url: `/api/v1/sparks/${spark._id}/insights?days=7`, headers: { authorization: `Bearer ${token}` } });
    const insights = (response.json() as { data: Insights }).data;
    expect(insights.totals).toMatchObject({ conversations: 1, questions: 1, unanswered: 0 });
    expect(insights.perDay.at(-1)).toEqual({ date: dayOf(new Date()), conversations: 1, questions: 1 });
    expect(insights.topQuestions).toEqual([{ question: 'How many days do I have to return a bicycle?', count: 1 }]);
    expect(insights.citedMost.map((document) => document.name)).toEqual(['returns.md']);
    expect(insights.neverCited).toEqual([]);

    // An owner answer not cited yet is not a file to weed out: it is not listed as never cited.
    expect((await ask('Do you ship to Canada?')).statusCode).toBe(200);
    const headers = { authorization: `Bearer ${token}` };
    const [gap] = (await app().inject({ method: 'GET', url: `/api/v1/sparks/${spark._id}/gaps`, headers })).json().data as Array<{ _id: string }>;
    const answered = await app().inject({
      method: 'POST',
      url: `/api/v1/sparks/${spark._id}/gaps/${gap!._id}/answer`,
      headers,
      payload: { answer: 'Not yet.' },
    });
    expect(answered.statusCode, answered.payload).toBe(200);
    await documentsRead(app());
    const after = await app().inject({ method: 'GET', url: `/api/v1/sparks/${spark._id}/insights?days=7`, headers });
    expect((after.json() as { data: Insights }).data.neverCited).toEqual([]);
  });

  it('refuses another tenant’s Spark, other periods and callers without a session', async () => {
    const { read } = await ownerWithSpark();
    const stranger = await verifiedAccount(app());
    const foreign = await read('', stranger.tokens.access_token);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).errors.join(' ')).toContain('Spark not found');
    for (const query of ['?days=14', '?days=365', '?days=', '?extra=1']) {
      const refused = await read(query);
      expect(refused.statusCode, query).toBe(400);
      expect(errorOf(refused).errors.join(' ').length, query).toBeGreaterThan(0);
    }
    expect(errorOf(await read('?days=14')).errors.join(' ')).toContain('must be 7, 30 or 90');
    expect((await read('', null)).statusCode).toBe(401);
    // Thirty days when the period is not given.
    const defaulted = await read();
    expect(defaulted.statusCode).toBe(200);
    expect((defaulted.json() as { data: Insights }).data.perDay).toHaveLength(30);
  });
});

describe('the insights period', () => {
  it('is whole UTC days ending today', () => {
    const period = insightsPeriod(7, new Date('2025-03-10T23:59:00Z'));
    expect(period).toEqual({ since: new Date('2025-03-04T00:00:00Z'), firstDay: '2025-03-04', lastDay: '2025-03-10' });
    expect(insightsPeriod(30, new Date('2025-03-01T00:00:00Z')).firstDay).toBe('2025-01-31');
  });
});
