import type { CaseProposal, TestCase, TestChatAnswer, TestRun } from '@sparks/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatClient } from '#test/chat-helpers.js';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import { startFakeShopApi } from '../../../../../test/support/fake-shop-api.js';
import { shopActions } from '../../../../../test/support/shop-actions.js';
import { TEST_RUN_JOB } from './test-runs-service.js';

describe.each(testDatabaseTargets())('a saved test that expects an action on $name', (target) => {
  let shop: Awaited<ReturnType<typeof startFakeShopApi>>;
  beforeAll(async () => {
    shop = await startFakeShopApi();
  });
  afterAll(() => shop?.close());
  const app = appOnTarget(target, { RATE_LIMIT_MAX: '100000', CRAWL_ALLOW_LOOPBACK: 'true' });

  it('proposes the action the answer offered, passes while it is offered, and fails with the reason once it is switched off', async () => {
    const live = await liveWidgetSpark(app());
    const headers = { authorization: `Bearer ${live.token}` };
    const owner = <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, payload?: object) =>
      app()
        .inject({ method, url: `/api/v1/sparks/${live.spark._id}${path}`, headers, ...(payload ? { payload } : {}) })
        .then((response) => ({ status: response.statusCode, body: response.json() as { data: T } }));
    const definition = shopActions(shop.base).booking();
    const created = await owner<{ _id: string }>('POST', '/actions', definition);
    expect(created.status).toBe(201);
    const actionId = created.body.data._id;

    // The owner asks in a test chat, fills the form and runs it: the run is the answer to that question, not a question.
    const chat = chatClient(app(), live.token);
    const test = await chat.newTest(live.spark._id, 'Bookings');
    const asked = (await chat.test(live.spark._id, test._id, 'Book a table for 4 people on 2026-12-24')).json() as { data: TestChatAnswer };
    const { conversationId } = asked.data;
    const ran = await owner('POST', `/chat/${test._id}/actions/${actionId}`, {
      conversationId,
      inputs: { name: 'Ana', people: '4', date: '2026-12-24' },
      confirmed: true,
    });
    expect(ran.status).toBe(200);
    const proposal = (await owner<CaseProposal>('GET', `/tests/${test._id}/case-proposal`)).body.data;
    expect(proposal.turns.map((turn) => turn.question)).toEqual(['Book a table for 4 people on 2026-12-24']);
    expect(proposal.turns[0]!.expectations.callsAction).toEqual({ actionId, name: 'Book a table', values: { people: '4', date: '2026-12-24' } });

    // Another Spark's action, or one that does not exist, cannot be expected.
    const bogus = await owner('POST', '/test-cases', {
      testId: test._id,
      checks: [{ turn: 0, callsAction: { actionId: '0b7c6f1e-3f5d-4c1a-9b8e-2d4f6a8c0e12', values: {} } }],
    });
    expect(bogus.status).toBe(400);
    expect((bogus.body as unknown as { errors: string[] }).errors.join(' ')).toMatch(/must be one of this Spark’s actions/);

    const saved = await owner<TestCase>('POST', '/test-cases', {
      testId: test._id,
      checks: [{ turn: 0, callsAction: { actionId, values: { people: '4', date: '2026-12-24', notAnInput: 'x' } } }],
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data.turns[0]!.expectations?.callsAction).toEqual({ actionId, name: 'Book a table', values: { people: '4', date: '2026-12-24' } });

    const bookings = shop.bookings.length;
    const run = async () => {
      expect((await owner('POST', '/test-runs')).status).toBe(202);
      await app().jobs.idle(TEST_RUN_JOB);
      return (await owner<TestRun[]>('GET', '/test-runs')).body.data[0]!;
    };
    expect(await run()).toMatchObject({ status: 'done', passed: 1, failed: 0 });
    // A replay books nothing.
    expect(shop.bookings.length).toBe(bookings);

    expect((await owner('PUT', `/actions/${actionId}`, { ...definition, enabled: false })).status).toBe(200);
    expect(await run()).toMatchObject({ status: 'done', passed: 0, failed: 1 });
    const [kept] = (await owner<TestCase[]>('GET', '/test-cases')).body.data;
    expect(kept!.lastResult?.failures).toEqual([
      expect.objectContaining({ code: 'no-action', detail: 'Book a table', message: 'The answer does not offer Book a table.', turn: 0 }),
    ]);
  });
});

describe.each(testDatabaseTargets())('a saved test that expects an action, replayed through a model, on $name', (target) => {
  let shop: Awaited<ReturnType<typeof startFakeShopApi>>;
  beforeAll(async () => {
    shop = await startFakeShopApi();
  });
  afterAll(() => shop?.close());
  // Requests with the Spark's tools call the order lookup with the number the question gave; the rest (a judge, a wording) echo.
  const { app } = appWithFakeModel(
    target,
    { RATE_LIMIT_MAX: '100000', CRAWL_ALLOW_LOOPBACK: 'true' },
    {
      respond: (request) => {
        if (!request.tools?.length) return { text: String(request.messages.at(-1)?.content ?? '') };
        return request.messages.some((message) => message.role === 'tool')
          ? { text: 'Here it is.' }
          : { toolCalls: [{ name: 'action_1', arguments: { order: '1042' } }] };
      },
    },
  );

  it('passes when the model calls the action with the expected values, and calls nothing on the shop', async () => {
    const live = await liveWidgetSpark(app());
    const headers = { authorization: `Bearer ${live.token}` };
    const owner = <T>(method: 'GET' | 'POST', path: string, payload?: object) =>
      app()
        .inject({ method, url: `/api/v1/sparks/${live.spark._id}${path}`, headers, ...(payload ? { payload } : {}) })
        .then((response) => ({ status: response.statusCode, body: response.json() as { data: T } }));
    const created = await owner<{ _id: string }>('POST', '/actions', shopActions(shop.base).orderStatus());
    const chat = chatClient(app(), live.token);
    const test = await chat.newTest(live.spark._id, 'Orders');
    expect((await chat.test(live.spark._id, test._id, 'Where is my order 1042?')).statusCode).toBe(200);
    const looked = shop.requests.length;
    const saved = await owner('POST', '/test-cases', {
      testId: test._id,
      checks: [{ turn: 0, callsAction: { actionId: created.body.data._id, values: { order: '1042' } } }],
    });
    expect(saved.status).toBe(201);
    expect((await owner('POST', '/test-runs')).status).toBe(202);
    await app().jobs.idle(TEST_RUN_JOB);
    expect((await owner<TestRun[]>('GET', '/test-runs')).body.data[0]).toMatchObject({ status: 'done', passed: 1, failed: 0 });
    expect(shop.requests.length).toBe(looked);
  });
});
