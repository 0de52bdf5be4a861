import type { ActionRun, MessagingChannel } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import type { FakeReply } from '../../../../../test/support/fake-model-server.js';
import { startFakeShopApi } from '../../../../../test/support/fake-shop-api.js';
import { shopActions } from '../../../../../test/support/shop-actions.js';
import { startFakeTelegram, type FakeBot } from '../../../../../test/support/fake-telegram.js';
import { MESSAGING_REPLY_JOB } from './messaging-inbox.js';

const BOTS: FakeBot[] = Array.from({ length: 12 }, (_, index) => {
  const id = 7_100_000_000 + index;
  return { id, username: `actions_${id}_bot`, token: `${id}:AAE${'k'.repeat(20)}${id}Zq_-` };
});

type Telegram = Awaited<ReturnType<typeof startFakeTelegram>>;
type Shop = Awaited<ReturnType<typeof startFakeShopApi>>;

/** The fake Telegram and shop for a suite, and the app's settings, which name Telegram's address once it listens: call it before the app is made. */
function usePeers() {
  const peers = {} as { telegram: Telegram; shop: Shop };
  const env: Record<string, string> = { RATE_LIMIT_MAX: '100000', CRAWL_ALLOW_LOOPBACK: 'true' };
  beforeAll(async () => {
    [peers.telegram, peers.shop] = await Promise.all([startFakeTelegram(BOTS), startFakeShopApi()]);
    env.TELEGRAM_API_URL = peers.telegram.apiUrl;
  });
  afterAll(async () => {
    await Promise.all([peers.telegram?.close(), peers.shop?.close()]);
  });
  return { env, peers };
}

let nextBot = 0;

/** A bakery's Spark with the order lookup and the booking, connected to a Telegram bot; `says` is a customer's message and what the bot sent back. */
async function connectedBakery(app: FastifyInstance, telegram: Telegram, shop: Shop) {
  const live = await liveWidgetSpark(app);
  const owner = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1/sparks/${live.spark._id}${path}`,
      headers: { authorization: `Bearer ${live.token}` },
      ...(payload ? { payload } : {}),
    });
  const actions = shopActions(shop.base);
  for (const body of [actions.orderStatus(), actions.booking()]) expect((await owner('POST', '/actions', body)).statusCode).toBe(201);
  const bot = BOTS[nextBot++]!;
  const put = await owner('PUT', '/channels/telegram', { botToken: bot.token });
  expect(put.statusCode, put.payload).toBe(200);
  expect((put.json() as { data: MessagingChannel }).data.connected).toBe(true);
  const hook = telegram.webhookOf(bot)!;
  /** The customer writes; answers what the bot sent back. */
  const says = async (chatId: number, text: string) => {
    const before = telegram.sent.filter((message) => message.chatId === String(chatId)).length;
    const posted = await app.inject({
      method: 'POST',
      url: new URL(hook.url).pathname,
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook.secret },
      payload: JSON.stringify(telegram.message(chatId, text, { language: 'es' })),
    });
    expect(posted.statusCode, posted.payload).toBe(200);
    await app.jobs.idle(MESSAGING_REPLY_JOB);
    return telegram.sent
      .filter((message) => message.chatId === String(chatId))
      .slice(before)
      .map((message) => message.text);
  };
  const runs = async () => ((await owner('GET', '/action-runs')).json() as { data: ActionRun[] }).data;
  return { says, runs };
}

/**
 * On a channel without forms (Telegram here: every channel of the channel layer answers the same
 * way), an action asks for one missing input at a time, confirms a change in words, and runs.
 */
describe.each(testDatabaseTargets())('a customer using a Spark’s actions on Telegram, one question at a time, on $name', (target) => {
  const { env, peers } = usePeers();
  const app = appOnTarget(target, env);
  const connected = () => connectedBakery(app(), peers.telegram, peers.shop);

  it('asks for the order number, answers with the shop’s status, and answers a question asked in between from the documents', async () => {
    const bakery = await connected();
    expect(await bakery.says(6101, '¿Dónde está mi pedido?')).toEqual(['Puedo ayudarte con eso: Order status. Envíame: Order number.']);
    // A question of their own is not taken for the number: it is answered, and the action waits no more.
    const between = await bakery.says(6101, '¿Cuántos días tengo para devolver una bicicleta?');
    expect(between.join('\n')).toContain('30');
    expect(await bakery.says(6101, 'Where is my order?')).toEqual(['I can help with that: Order status. Please send me: Order number.']);
    expect(await bakery.says(6101, '1042')).toEqual(['Tu pedido 1042 está en reparto y llega hoy antes de las 14:00']);
    expect((await bakery.runs())[0]).toMatchObject({ source: 'visitor', status: 'ok', inputs: { order: '1042' } });
  });

  it('fills in what the message said, asks for the rest, and books only after a yes; a no cancels with nothing sent', async () => {
    const bakery = await connected();
    expect(await bakery.says(6202, 'Reservar una mesa para 4 el 2026-12-24')).toEqual(['Puedo ayudarte con eso: Book a table. Envíame: Name.']);
    const confirm = await bakery.says(6202, 'Ana');
    expect(confirm.join('\n')).toBe(
      'Confirma, por favor: Book a table\nName: Ana\nPeople: 4\nDay: 2026-12-24\nResponde SÍ para confirmar, o cualquier otra cosa para cancelar.',
    );
    expect(peers.shop.bookings).toHaveLength(0);
    expect(await bakery.says(6202, 'Sí, gracias')).toEqual(['Booking B-1: a table for 4 on 2026-12-24.']);
    expect(peers.shop.bookings).toEqual([{ booking: { name: 'Ana', people: 4, day: '2026-12-24' } }]);

    await bakery.says(6202, 'Reservar una mesa para 2 el 2026-12-31');
    await bakery.says(6202, 'Luis');
    expect(await bakery.says(6202, 'No, mejor no')).toEqual(['Cancelado: no se ha enviado nada.']);
    expect(peers.shop.bookings).toHaveLength(1);
  });
});

describe.each(testDatabaseTargets())('a customer using a Spark’s actions on Telegram through a model on $name', (target) => {
  const script: FakeReply[] = [];
  // Before the app's own start, so it knows the fake Telegram's address.
  const { env, peers } = usePeers();
  const { app } = appWithFakeModel(target, env, {
    respond: (request) => {
      if (!request.tools?.length) return { text: String(request.messages.at(-1)?.content ?? '') };
      const step = script.shift();
      if (!step) throw new Error('the model was asked more than the test scripted');
      return step;
    },
  });

  it('asks for the order number in conversation, and confirms a booking in words before making it', async () => {
    const bakery = await connectedBakery(app(), peers.telegram, peers.shop);
    script.push({ toolCalls: [{ name: 'action_1', arguments: {} }] }, { text: '¿Cuál es tu número de pedido?' });
    expect(await bakery.says(6303, '¿Dónde está mi pedido?')).toEqual(['¿Cuál es tu número de pedido?']);
    script.push({ toolCalls: [{ name: 'action_1', arguments: { order: '1042' } }] }, { text: '¿Algo más?' });
    expect(await bakery.says(6303, 'Es el 1042')).toEqual(['Tu pedido 1042 está en reparto y llega hoy antes de las 14:00\n\n¿Algo más?']);

    script.push({ toolCalls: [{ name: 'action_2', arguments: { name: 'Ana', people: '4', date: '2026-12-24' } }] }, { text: 'Te lo dejo preparado.' });
    const confirm = await bakery.says(6303, 'Reserva una mesa para 4 el 2026-12-24, soy Ana');
    expect(confirm.join('\n')).toContain(
      'Confirma, por favor: Book a table\nName: Ana\nPeople: 4\nDay: 2026-12-24\nResponde SÍ para confirmar, o cualquier otra cosa para cancelar.',
    );
    expect(peers.shop.bookings).toHaveLength(0);
    expect(await bakery.says(6303, 'sí')).toEqual(['Booking B-1: a table for 4 on 2026-12-24.']);
    expect(peers.shop.bookings).toEqual([{ booking: { name: 'Ana', people: 4, day: '2026-12-24' } }]);
  });
});
