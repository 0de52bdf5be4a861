import type { KnowledgeGap, SparkDocument, WidgetMessage } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { documentsRead } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';

const UNKNOWN = 'Do you ship to Canada?';

describe.each(testDatabaseTargets())('the knowledge-gap loop on $name', (target) => {
  const app = appOnTarget(target);

  async function live() {
    const spark = await liveWidgetSpark(app());
    const owner = { authorization: `Bearer ${spark.token}` };
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, token = spark.token) =>
      app().inject({ method, url: `/api/v1/sparks/${spark.spark._id}${path}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    const gaps = async (status = 'open'): Promise<KnowledgeGap[]> => (await call('GET', `/gaps?status=${status}`)).json().data;
    const visitorAsks = async (text: string, session?: string) => {
      const response = await spark.ask(text, session);
      expect(response.statusCode, response.payload).toBe(200);
      const { visitorToken, messages } = response.json().data as { visitorToken: string; messages: WidgetMessage[] };
      return { visitorToken, answer: messages.at(-1)! };
    };
    const vote = (session: string | undefined, payload: object) =>
      app().inject({
        method: 'PUT',
        url: `/api/v1/widget/${spark.deployToken}/feedback`,
        headers: { origin: 'https://shop.example', ...(session ? { 'x-sparks-visitor': session } : {}) },
        payload,
      });
    return { ...spark, owner, call, gaps, visitorAsks, vote };
  }

  it('sends unanswered questions and thumbs-down to the inbox, grouped, and a vote taken back leaves it', async () => {
    const spark = await live();
    const first = await spark.visitorAsks(UNKNOWN);
    expect(first.answer).toMatchObject({ role: 'spark', offerContact: true });
    expect(first.answer.id).toMatch(/^[0-9a-f-]{36}$/);
    await spark.visitorAsks('do you ship to canada', first.visitorToken);

    const returns = await spark.visitorAsks('How many days do I have to return a bicycle?', first.visitorToken);
    expect(returns.answer.offerContact).toBeUndefined();
    const down = await spark.vote(first.visitorToken, { messageId: returns.answer.id, rating: 'down', comment: 'I asked about bicycles bought online' });
    expect(down.statusCode, down.payload).toBe(200);
    expect(down.json().data).toEqual({ messageId: returns.answer.id, feedback: { rating: 'down', comment: 'I asked about bicycles bought online' } });

    const inbox = await spark.gaps();
    expect(inbox.map(({ question, unanswered, thumbsDown }) => ({ question, unanswered, thumbsDown }))).toEqual([
      { question: 'do you ship to canada', unanswered: 2, thumbsDown: 0 },
      { question: 'How many days do I have to return a bicycle?', unanswered: 0, thumbsDown: 1 },
    ]);
    expect(inbox[1]!.lastComment).toBe('I asked about bicycles bought online');

    // Changing the vote takes the thumbs down back; the history shows the visitor's vote.
    expect((await spark.vote(first.visitorToken, { messageId: returns.answer.id, rating: 'up' })).statusCode).toBe(200);
    expect((await spark.gaps()).map((gap) => gap.question)).toEqual(['do you ship to canada']);
    const history = await spark.widget.history(spark.deployToken, { origin: 'https://shop.example', 'x-sparks-visitor': first.visitorToken });
    const voted = (history.json().data.messages as WidgetMessage[]).find((message) => message.id === returns.answer.id);
    expect(voted?.feedback).toBe('up');
  });

  it('refuses votes that are not the visitor’s to give, and bad ones, with a message', async () => {
    const spark = await live();
    const mine = await spark.visitorAsks('How many days do I have to return a bicycle?');
    const other = await spark.visitorAsks('Can I return a bicycle without the receipt?');
    const cases: Array<[string | undefined, object, number]> = [
      [other.visitorToken, { messageId: mine.answer.id, rating: 'down' }, 404],
      [undefined, { messageId: mine.answer.id, rating: 'down' }, 404],
      [mine.visitorToken, { messageId: crypto.randomUUID(), rating: 'up' }, 404],
      [mine.visitorToken, { messageId: mine.answer.id, rating: 'sideways' }, 400],
      [mine.visitorToken, { messageId: mine.answer.id, rating: 'down', comment: 'x'.repeat(501) }, 400],
      [mine.visitorToken, { messageId: 'not-an-id', rating: 'up' }, 400],
    ];
    for (const [session, payload, status] of cases) {
      const response = await spark.vote(session, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().errors[0]).toEqual(expect.any(String));
    }
    expect(await spark.gaps()).toEqual([]);
  });

  it('turns the owner’s answer into knowledge the Spark cites and a saved test, and checks it on the spot', async () => {
    const spark = await live();
    await spark.visitorAsks(UNKNOWN);
    const [gap] = await spark.gaps();
    const answered = await spark.call('POST', `/gaps/${gap!._id}/answer`, { answer: 'Yes: we ship to Canada within 5 to 7 business days.' });
    expect(answered.statusCode, answered.payload).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'answered', answerDocumentId: expect.any(String), testCaseId: expect.any(String) });
    expect(await spark.gaps()).toEqual([]);
    expect((await spark.gaps('resolved')).map((item) => item.status)).toEqual(['answered']);

    await documentsRead(app());
    const documents = (await spark.call('GET', '/documents')).json().data as SparkDocument[];
    const ownerAnswer = documents.find((document) => document.kind === 'answer');
    // Named by its question: visitors never read anything of the owner's account (here, no profile name: only an e-mail).
    expect(ownerAnswer).toMatchObject({ status: 'ready', name: UNKNOWN });
    // An owner answer is a sentence, not a file: the plan's documents still count one.
    expect((await app().services.plans.usage(await tenantOf(spark.token))).documents).toBe(1);

    const again = await spark.visitorAsks(UNKNOWN);
    expect(again.answer.offerContact).toBeUndefined();
    expect(again.answer.content).toContain('5 to 7 business days');
    expect(again.answer.citations?.[0]?.title).toBe(UNKNOWN);
    const profile = (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${spark.token}` } })).json().data;
    expect(JSON.stringify(again.answer)).not.toContain((profile.email as string).split('@')[0]);

    const check = await spark.call('POST', `/gaps/${gap!._id}/check`);
    expect(check.statusCode, check.payload).toBe(200);
    expect(check.json().data).toMatchObject({ answered: true, citedTitles: [ownerAnswer!.name] });

    const cases = (await spark.call('GET', '/test-cases')).json().data as Array<{
      turns: Array<{ question: string; expectations: { mustInclude: string[] } }>;
    }>;
    expect(cases).toHaveLength(1);
    expect(cases[0]!.turns[0]!.question).toBe(UNKNOWN);
    expect(cases[0]!.turns[0]!.expectations.mustInclude.length).toBeGreaterThan(0);

    // Editing it makes its next version; the gap follows the answer.
    const edited = await spark.call('PUT', `/answers/${ownerAnswer!._id}`, { question: UNKNOWN, answer: 'Yes: Canada in 4 to 6 business days.' });
    expect(edited.statusCode, edited.payload).toBe(200);
    const next = edited.json().data as { documentId: string };
    expect(next.documentId).not.toBe(ownerAnswer!._id);
    await documentsRead(app());
    expect((await spark.call('GET', `/answers/${next.documentId}`)).json().data).toEqual({
      documentId: next.documentId,
      question: UNKNOWN,
      answer: 'Yes: Canada in 4 to 6 business days.',
    });
    expect((await spark.gaps('resolved'))[0]!.answerDocumentId).toBe(next.documentId);
    // A plain document is not an owner answer.
    const plain = documents.find((document) => document.kind !== 'answer')!;
    expect((await spark.call('GET', `/answers/${plain._id}`)).statusCode).toBe(404);
  });

  it('dismisses a gap, and keeps another owner out of it', async () => {
    const spark = await live();
    await spark.visitorAsks(UNKNOWN);
    const [gap] = await spark.gaps();
    const stranger = (await verifiedAccount(app())).tokens.access_token;
    for (const [method, path, payload] of [
      ['GET', '/gaps', undefined],
      ['POST', `/gaps/${gap!._id}/answer`, { answer: 'No.' }],
      ['POST', `/gaps/${gap!._id}/resolve`, { by: 'dismissed' }],
      ['POST', `/gaps/${gap!._id}/check`, undefined],
    ] as const) {
      expect((await spark.call(method, path, payload, stranger)).statusCode, path).toBe(404);
    }
    expect((await spark.call('POST', `/gaps/${gap!._id}/answer`, { answer: '   ' })).statusCode).toBe(400);
    expect((await spark.call('POST', `/gaps/${gap!._id}/resolve`, { by: 'ignored' })).statusCode).toBe(400);
    const dismissed = await spark.call('POST', `/gaps/${gap!._id}/resolve`, { by: 'dismissed' });
    expect(dismissed.json().data.status).toBe('dismissed');
    // Asked again and still unanswered, it opens again.
    await spark.visitorAsks(UNKNOWN);
    expect((await spark.gaps()).map((item) => item.unanswered)).toEqual([2]);
  });

  it('lets the owner vote on test-chat answers, and only on their own', async () => {
    const spark = await live();
    const test = await spark.chat.newTest(spark.spark._id);
    const turn = await spark.chat.test(spark.spark._id, test._id, 'How many days do I have to return a bicycle?');
    const { ai, conversationId } = turn.json().data as { ai: { id: string }; conversationId: string };
    const voted = await spark.call('PUT', '/feedback', { messageId: ai.id, rating: 'down', comment: 'Mention the receipt' });
    expect(voted.statusCode, voted.payload).toBe(200);
    const history = await app().inject({ method: 'GET', url: `/api/v1/llm/chat-history/${conversationId}`, headers: spark.owner });
    const stored = (history.json().data.messages as Array<{ id: string; feedback?: unknown }>).find((message) => message.id === ai.id);
    expect(stored?.feedback).toEqual({ rating: 'down', comment: 'Mention the receipt' });
    const stranger = (await verifiedAccount(app())).tokens.access_token;
    expect((await spark.call('PUT', '/feedback', { messageId: ai.id, rating: 'up' }, stranger)).statusCode).toBe(404);
    // A visitor's answer is not the owner's to vote on through the test chat.
    const visitor = await spark.visitorAsks('How many days do I have to return a bicycle?');
    expect((await spark.call('PUT', '/feedback', { messageId: visitor.answer.id, rating: 'up' })).statusCode).toBe(404);
  });

  async function tenantOf(token: string): Promise<string> {
    const profile = await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${token}` } });
    return (profile.json().data as { tenants: Array<{ _id: string }> }).tenants[0]!._id;
  }
});
