import type { Action, ActionRun, ChatTurn, TestChatAnswer, WidgetTurn } from '@sparks/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import { startFakeShopApi } from '../../../../../test/support/fake-shop-api.js';
import { shopActions } from '../../../../../test/support/shop-actions.js';

describe.each(testDatabaseTargets())('a visitor using a Spark’s actions in the widget on $name', (target) => {
  let shop: Awaited<ReturnType<typeof startFakeShopApi>>;
  beforeAll(async () => {
    shop = await startFakeShopApi();
  });
  afterAll(() => shop?.close());
  // Three runs an hour a Spark: enough for every test here but the one that meets the limit.
  const app = appOnTarget(target, { RATE_LIMIT_MAX: '100000', CRAWL_ALLOW_LOOPBACK: 'true', ACTION_RUNS_PER_SPARK_HOUR: '3' });

  /** The bakery's live Spark (a returns policy on one website) with an order lookup and a table booking. */
  async function bakery() {
    const live = await liveWidgetSpark(app());
    const owner = (method: 'GET' | 'POST', path: string, payload?: object) =>
      app().inject({
        method,
        url: `/api/v1/sparks/${live.spark._id}${path}`,
        headers: { authorization: `Bearer ${live.token}` },
        ...(payload ? { payload } : {}),
      });
    const create = async (body: object) => {
      const response = await owner('POST', '/actions', body);
      expect(response.statusCode, response.payload).toBe(201);
      return (response.json() as { data: Action }).data;
    };
    const actions = shopActions(shop.base);
    const orders = await create(
      actions.orderStatus({ inputs: [{ key: 'order', label: 'Número de pedido', type: 'text', description: 'En el correo de confirmación' }] }),
    );
    const booking = await create(actions.booking({ withPhone: true }));
    const session = { 'x-sparks-ticket': live.ticket } as Record<string, string>;
    /** The visitor asks; their session is kept for what follows. */
    const ask = async (text: string) => {
      const response = await live.ask(text, session['x-sparks-visitor']);
      expect(response.statusCode, response.payload).toBe(200);
      session['x-sparks-visitor'] = response.headers['x-sparks-visitor'] as string;
      return (response.json() as { data: WidgetTurn }).data.messages.at(-1)!;
    };
    const run = (actionId: string, payload: object, headers = session) =>
      app().inject({ method: 'POST', url: `/api/v1/widget/${live.deployToken}/actions/${actionId}`, headers, payload });
    const usage = async () => (await live.widget.deployment(live.spark._id)).usage;
    const runs = async () => ((await owner('GET', '/action-runs')).json() as { data: ActionRun[] }).data;
    return { ...live, orders, booking, ask, run, usage, runs, session };
  }

  it('offers the order lookup for “¿Dónde está mi pedido?”, runs it with the number given, and logs the run as the visitor’s', async () => {
    const bakeryShop = await bakery();
    const offer = await bakeryShop.ask('¿Dónde está mi pedido?');
    expect(offer.content).toBe('Puedo ayudarte con eso: Order status. Rellena los datos de abajo.');
    expect(offer.action).toEqual({
      actionId: bakeryShop.orders._id,
      name: 'Order status',
      inputs: [{ key: 'order', label: 'Número de pedido', type: 'text', required: true, description: 'En el correo de confirmación', choices: [] }],
      values: {},
      confirm: false,
    });
    expect(offer.offerContact).toBeUndefined();

    const answered = await bakeryShop.run(bakeryShop.orders._id, { inputs: { order: '1042' } });
    expect(answered.statusCode, answered.payload).toBe(200);
    const turn = (answered.json() as { data: WidgetTurn }).data;
    expect(turn.messages.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'visitor', content: 'Número de pedido: 1042' },
      { role: 'spark', content: 'Tu pedido 1042 está en reparto y llega hoy antes de las 14:00' },
    ]);
    expect(shop.requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/orders/1042' });
    // The conversation keeps both, the question and the answer count as two interactions, the run is in the owner's log.
    const history = (await bakeryShop.widget.history(bakeryShop.deployToken, bakeryShop.session)).json() as { data: { messages: Array<{ content: string }> } };
    expect(history.data.messages.map((message) => message.content).slice(-2)).toEqual(['Número de pedido: 1042', turn.messages[1]!.content]);
    expect(await bakeryShop.usage()).toMatchObject({ today: 2, interactionsThisMonth: 2 });
    expect(await bakeryShop.runs()).toMatchObject([
      { actionName: 'Order status', source: 'visitor', status: 'ok', httpStatus: 200, inputs: { order: '1042' } },
    ]);

    // The form is used: sent again it runs nothing, and nothing more is counted.
    const again = await bakeryShop.run(bakeryShop.orders._id, { inputs: { order: '1043' } });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).errors).toEqual(['This action is no longer offered here. Ask again to use it.']);
    expect(await bakeryShop.usage()).toMatchObject({ today: 2 });
  });

  it('offers it in a test chat too, runs it as the owner’s test, and keeps a test chat’s form to its own conversation', async () => {
    const bakeryShop = await bakery();
    const chat = chatClient(app(), bakeryShop.token);
    const test = await chat.newTest(bakeryShop.spark._id, 'Orders');
    const asked = await chat.test(bakeryShop.spark._id, test._id, 'Where is my order?');
    expect(asked.statusCode, asked.payload).toBe(200);
    const { conversationId, ai } = (asked.json() as { data: TestChatAnswer }).data;
    expect(ai.data.action).toMatchObject({ actionId: bakeryShop.orders._id, name: 'Order status' });
    const url = `/api/v1/sparks/${bakeryShop.spark._id}/chat/${test._id}/actions/${bakeryShop.orders._id}`;
    const headers = { authorization: `Bearer ${bakeryShop.token}` };

    const ran = await app().inject({ method: 'POST', url, headers, payload: { conversationId, inputs: { order: '1042' } } });
    expect(ran.statusCode, ran.payload).toBe(200);
    const turn = (ran.json() as { data: ChatTurn }).data;
    expect(turn.conversationId).toBe(conversationId);
    expect(turn.messages.map((message) => [message.type, message.data.content])).toEqual([
      ['human', 'Número de pedido: 1042'],
      ['ai', 'Tu pedido 1042 está en reparto y llega hoy antes de las 14:00'],
    ]);
    expect(turn.messages[1]!.data.actionRan).toBe('ok');
    const kept = (await chat.history(conversationId)).json() as { data: { messages: Array<{ data: { content?: string } }> } };
    expect(kept.data.messages.slice(-2).map((message) => message.data.content)).toEqual(turn.messages.map((message) => message.data.content));
    expect((await bakeryShop.runs())[0]).toMatchObject({ source: 'test', status: 'ok', inputs: { order: '1042' } });

    // Used once, it is no longer offered; another test chat's conversation, or a made-up one, runs nothing.
    const again = await app().inject({ method: 'POST', url, headers, payload: { conversationId, inputs: { order: '1043' } } });
    expect(again.statusCode).toBe(409);
    const other = await chat.newTest(bakeryShop.spark._id, 'Other');
    const elsewhere = await app().inject({
      method: 'POST',
      url: `/api/v1/sparks/${bakeryShop.spark._id}/chat/${other._id}/actions/${bakeryShop.orders._id}`,
      headers,
      payload: { conversationId, inputs: { order: '1043' } },
    });
    expect(elsewhere.statusCode).toBeGreaterThanOrEqual(400);
    expect(elsewhere.statusCode).toBeLessThan(500);
    const stranger = await app().inject({
      method: 'POST',
      url,
      headers,
      payload: { conversationId: '0b7c6f1e-3f5d-4c1a-9b8e-2d4f6a8c0e12', inputs: { order: '1043' } },
    });
    expect(stranger.statusCode).toBe(404);
    expect(shop.requests.filter((request) => request.url === '/api/orders/1043')).toEqual([]);
  });

  it('runs a Spark’s actions a few times an hour from all its visitors together, then refuses without calling the shop', async () => {
    const bakeryShop = await bakery();
    /** A new visitor asks and runs the lookup. */
    const visitorRuns = async () => {
      const asked = await bakeryShop.widget.ask(bakeryShop.deployToken, 'Where is my order?', { 'x-sparks-ticket': bakeryShop.ticket });
      const headers = { 'x-sparks-ticket': bakeryShop.ticket, 'x-sparks-visitor': asked.headers['x-sparks-visitor'] as string };
      return bakeryShop.run(bakeryShop.orders._id, { inputs: { order: '1043' } }, headers);
    };
    for (let visitor = 0; visitor < 3; visitor += 1) expect((await visitorRuns()).statusCode).toBe(200);
    const before = shop.requests.length;
    const refused = await visitorRuns();
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).errors).toEqual(['This action is busy right now. Try again in a few minutes.']);
    expect(shop.requests.length).toBe(before);
  });

  it('passes a request for a person to the owner’s hand-off action too, and to no other action', async () => {
    const bakeryShop = await bakery();
    const send = (name: string, handoff: boolean, webhook: string) =>
      app().inject({
        method: 'POST',
        url: `/api/v1/sparks/${bakeryShop.spark._id}/actions`,
        headers: { authorization: `Bearer ${bakeryShop.token}` },
        payload: {
          name,
          purpose: 'Pass a visitor’s details to the team',
          examples: ['Call me back'],
          does: { kind: 'send', webhook, reply: 'The team will call you.', fallback: 'Please call us.', handoff },
        },
      });
    expect((await send('Leads to the CRM', true, `${shop.base}/hooks/leads`)).statusCode).toBe(201);
    const before = shop.requests.length;
    const contact = await app().inject({
      method: 'POST',
      url: `/api/v1/widget/${bakeryShop.deployToken}/contact`,
      headers: { origin: 'https://shop.example' },
      payload: { email: 'ana@visitor.example', question: 'Can I order a cake for 30 people?', consent: true },
    });
    expect(contact.statusCode, contact.payload).toBe(201);
    const delivered = shop.requests.slice(before);
    expect(delivered.map((request) => request.url)).toEqual(['/hooks/leads']);
    expect(JSON.parse(delivered[0]!.body)).toMatchObject({
      action: 'Leads to the CRM',
      details: { email: 'ana@visitor.example', question: 'Can I order a cake for 30 people?' },
    });
    expect((await bakeryShop.runs())[0]).toMatchObject({ actionName: 'Leads to the CRM', source: 'visitor', status: 'ok' });
  });

  it('answers from the documents what they answer, and offers no action for it', async () => {
    const bakeryShop = await bakery();
    const answer = await bakeryShop.ask('How many days do I have to return a bicycle?');
    expect(answer.action).toBeUndefined();
    expect(answer.content).toContain('30 days');
  });

  it('fills in what the message says, asks to confirm a booking, and masks a sensitive input in the conversation and the log', async () => {
    const bakeryShop = await bakery();
    const offer = await bakeryShop.ask('Book a table for 4 people on 2026-12-24, please');
    expect(offer.action).toMatchObject({ actionId: bakeryShop.booking._id, values: { people: '4', date: '2026-12-24' }, confirm: true });
    const inputs = { name: 'Ana', people: '4', date: '2026-12-24', phone: '+34 600 123 456' };

    const unconfirmed = await bakeryShop.run(bakeryShop.booking._id, { inputs });
    expect(unconfirmed.statusCode).toBe(409);
    expect(errorOf(unconfirmed).code).toBe('CONFIRMATION_REQUIRED');
    expect(shop.bookings).toHaveLength(0);

    const booked = await bakeryShop.run(bakeryShop.booking._id, { inputs, confirmed: true });
    expect(booked.statusCode, booked.payload).toBe(200);
    const [said, reply] = (booked.json() as { data: WidgetTurn }).data.messages;
    expect(said!.content).toBe('Name: Ana\nPeople: 4\nDay: 2026-12-24\nPhone: ••••');
    expect(reply!.content).toBe('Booking B-1: a table for 4 on 2026-12-24.');
    expect(shop.bookings.at(-1)).toEqual({ booking: { name: 'Ana', people: 4, day: '2026-12-24', phone: '+34 600 123 456' } });
    const [run] = await bakeryShop.runs();
    expect(run).toMatchObject({ source: 'visitor', inputs: { name: 'Ana', people: '4', date: '2026-12-24', phone: '••••' } });
    expect(JSON.stringify(await bakeryShop.runs())).not.toContain('600 123 456');
    expect((await bakeryShop.widget.history(bakeryShop.deployToken, bakeryShop.session)).payload).not.toContain('600 123 456');
  });

  it('refuses a wrong value, another Spark’s action, a missing session and a hostile input, counting nothing and calling nothing', async () => {
    const bakeryShop = await bakery();
    const other = await bakery();
    await bakeryShop.ask('Book a table for Friday');
    const before = shop.requests.length;
    const used = await bakeryShop.usage();

    const wrong = await bakeryShop.run(bakeryShop.booking._id, { inputs: { name: 'Ana', people: 'four', date: 'Friday' }, confirmed: true });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).errors).toEqual(['People: must be a number. Day: must be a date.']);
    const injected = await bakeryShop.run(bakeryShop.booking._id, { inputs: { name: 'Ana\r\nX-Admin: 1', people: '4', date: '2026-12-24' }, confirmed: true });
    expect(injected.statusCode).toBe(400);
    const huge = await bakeryShop.run(bakeryShop.booking._id, { inputs: { name: 'A'.repeat(100_000), people: '4', date: '2026-12-24' }, confirmed: true });
    expect(huge.statusCode).toBe(400);
    // Another Spark's action, though its owner's visitor was offered it, is not this Spark's.
    await other.ask('Book a table for Friday');
    const stranger = await bakeryShop.run(other.booking._id, { inputs: { name: 'Ana', people: '4', date: '2026-12-24' }, confirmed: true });
    expect(stranger.statusCode).toBe(409);
    const noSession = await bakeryShop.run(bakeryShop.booking._id, { inputs: {} }, { 'x-sparks-ticket': bakeryShop.ticket });
    expect(noSession.statusCode).toBe(404);
    const notAnId = await app().inject({
      method: 'POST',
      url: `/api/v1/widget/${bakeryShop.deployToken}/actions/not-an-id`,
      headers: bakeryShop.session,
      payload: { inputs: {} },
    });
    expect(notAnId.statusCode).toBe(400);

    expect(shop.requests.length).toBe(before);
    expect(await bakeryShop.usage()).toEqual(used);
    expect(await bakeryShop.runs()).toEqual([]);
  });
});
