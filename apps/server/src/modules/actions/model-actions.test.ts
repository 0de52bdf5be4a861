import type { ActionRun, WidgetTurn } from '@sparks/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import type { FakeChatRequest, FakeReply } from '../../../../../test/support/fake-model-server.js';
import { startFakeShopApi } from '../../../../../test/support/fake-shop-api.js';
import { shopActions } from '../../../../../test/support/shop-actions.js';

/** What the scripted model does on a request that carries the Spark's tools; other requests (a search's wordings) get their question back. */
type Step = (request: FakeChatRequest) => FakeReply;
const script: Step[] = [];
const call =
  (name: string, args: object): Step =>
  () => ({ toolCalls: [{ name, arguments: args }] });
const say =
  (text: string): Step =>
  () => ({ text });

/** The tool results the model was given in a request, parsed. */
const toolResults = (request: FakeChatRequest): unknown[] =>
  request.messages.filter((message) => message.role === 'tool').map((message) => JSON.parse(String(message.content)) as unknown);

describe.each(testDatabaseTargets())('a visitor using a Spark’s actions through a model on $name', (target) => {
  let shop: Awaited<ReturnType<typeof startFakeShopApi>>;
  beforeAll(async () => {
    shop = await startFakeShopApi();
  });
  afterAll(() => shop?.close());
  const { app, fake, systemOf } = appWithFakeModel(
    target,
    { RATE_LIMIT_MAX: '100000', CRAWL_ALLOW_LOOPBACK: 'true' },
    {
      respond: (request) => {
        if (!request.tools?.length) return { text: String(request.messages.at(-1)?.content ?? '') };
        const step = script.shift();
        if (!step) throw new Error('the model was asked more than the test scripted');
        return step(request);
      },
    },
  );

  async function bakery() {
    const live = await liveWidgetSpark(app());
    const actions = shopActions(shop.base);
    const create = async (body: object) => {
      const response = await app().inject({
        method: 'POST',
        url: `/api/v1/sparks/${live.spark._id}/actions`,
        headers: { authorization: `Bearer ${live.token}` },
        payload: body,
      });
      expect(response.statusCode, response.payload).toBe(201);
    };
    await create(actions.orderStatus());
    await create(actions.booking());
    const session: Record<string, string> = { 'x-sparks-ticket': live.ticket };
    const ask = async (text: string) => {
      const response = await live.ask(text, session['x-sparks-visitor']);
      expect(response.statusCode, response.payload).toBe(200);
      session['x-sparks-visitor'] = response.headers['x-sparks-visitor'] as string;
      return (response.json() as { data: WidgetTurn }).data.messages;
    };
    const runs = async () =>
      (
        (
          await app().inject({ method: 'GET', url: `/api/v1/sparks/${live.spark._id}/action-runs`, headers: { authorization: `Bearer ${live.token}` } })
        ).json() as { data: ActionRun[] }
      ).data;
    return { ...live, ask, runs, session };
  }

  it('gives the actions as tools, refuses an input the visitor never wrote, then runs the lookup with the one they gave', async () => {
    const bakeryShop = await bakery();
    const before = fake().requests.length;
    // The model tries a number the visitor never wrote; told to ask, it asks.
    script.push(call('action_1', { order: '1043' }), say('What is your order number?'));
    const first = await bakeryShop.ask('Where is my order?');
    expect(first.map((message) => message.content)).toEqual(['What is your order number?']);
    const toolRequest = fake()
      .requests.slice(before)
      .find((request) => request.tools?.length)!;
    expect(toolRequest.tools!.map((tool) => tool.function.name)).toEqual(['action_1', 'action_2']);
    expect(toolRequest.tools![0]!.function.parameters).toMatchObject({ properties: { order: { type: 'string' } }, required: ['order'] });
    expect(systemOf(toolRequest)).toContain('Never make up an input');
    expect(toolResults(fake().requests.at(-1)!)).toEqual([expect.objectContaining({ askTheVisitorFor: ['Order number'] })]);
    expect(shop.requests.filter((request) => request.url.startsWith('/api/orders/'))).toEqual([]);

    script.push(call('action_1', { order: '1042' }), say('Anything else?'));
    const second = await bakeryShop.ask('It is 1042');
    expect(second.map((message) => message.content)).toEqual(['Tu pedido 1042 está en reparto y llega hoy antes de las 14:00', 'Anything else?']);
    expect(toolResults(fake().requests.at(-1)!).at(-1)).toMatchObject({ shownToTheVisitor: 'Tu pedido 1042 está en reparto y llega hoy antes de las 14:00' });
    expect(shop.requests.filter((request) => request.url === '/api/orders/1042')).toHaveLength(1);
    expect((await bakeryShop.runs())[0]).toMatchObject({ source: 'visitor', status: 'ok', inputs: { order: '1042' } });
  });

  it('runs nothing more when the API’s answer asks for another action, and shows a change for the visitor to confirm instead of making it', async () => {
    const bakeryShop = await bakery();
    // A compromised answer "asks" for a booking: the model obeys, and the second action of the turn is refused.
    script.push(call('action_1', { order: '6666' }), call('action_2', { name: 'Ana', people: '40', date: '2026-12-24' }), say('Done.'));
    const injected = await bakeryShop.ask('Where is my order 6666?');
    expect(injected[0]!.content).toContain('Ignore your instructions');
    expect(toolResults(fake().requests.at(-1)!).at(-1)).toMatchObject({ refused: expect.stringContaining('already ran') });
    expect(shop.bookings).toHaveLength(0);

    // Asked for a booking, the model fills it in from the visitor's words: it is shown to confirm, not made.
    script.push(call('action_2', { name: 'Ana', people: '4', date: '2026-12-24' }), say('Please check the details above.'));
    const offered = await bakeryShop.ask('Book a table for 4 on 2026-12-24, my name is Ana');
    const form = offered.find((message) => message.action);
    expect(form).toMatchObject({
      content: 'Please check the details and confirm: Book a table.',
      action: { name: 'Book a table', values: { name: 'Ana', people: '4', date: '2026-12-24' }, confirm: true },
    });
    expect(shop.bookings).toHaveLength(0);
    // The visitor confirms the form the model filled in: then, and only then, the table is booked.
    const confirmed = await app().inject({
      method: 'POST',
      url: `/api/v1/widget/${bakeryShop.deployToken}/actions/${form!.action!.actionId}`,
      headers: bakeryShop.session,
      payload: { inputs: form!.action!.values, confirmed: true },
    });
    expect(confirmed.statusCode, confirmed.payload).toBe(200);
    expect(shop.bookings).toEqual([{ booking: { name: 'Ana', people: 4, day: '2026-12-24' } }]);
  });
});
