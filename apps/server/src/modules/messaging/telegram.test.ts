import type { Insights, LiveConversation, LiveTranscript, MessagingChannel } from '@sparks/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import { startFakeTelegram, TELEGRAM_FAILURES, type FakeBot } from '../../../../../test/support/fake-telegram.js';
import { auditEvents, messageFeedback, messagingChannels } from '../../db/schema.js';
import { MESSAGING_REPLY_JOB } from './messaging-inbox.js';

const BAKERY = `# Panadería La Espiga

## Pan sin gluten
Sí, tenemos pan sin gluten todos los días: la barra sin gluten cuesta 3,50 € y se hornea en un obrador separado, sin trazas de trigo.

## Horario
Abrimos de lunes a sábado de 8:00 a 14:00 y de 17:00 a 20:00.
`;

let botIds = 7_000_000_000;
const newBot = (): FakeBot => {
  botIds += 1;
  return { id: botIds, username: `espiga_${botIds}_bot`, token: `${botIds}:AAE${'x'.repeat(20)}${botIds}Zq_-` };
};
const BOTS = Array.from({ length: 12 }, newBot);

describe.each(testDatabaseTargets())('a Spark on Telegram on $name', (target) => {
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  const env: Record<string, string> = { RATE_LIMIT_MAX: '100000' };
  beforeAll(async () => {
    telegram = await startFakeTelegram(BOTS);
    env.TELEGRAM_API_URL = telegram.apiUrl;
  });
  afterAll(() => telegram?.close());
  const app = appOnTarget(target, env);
  let nextBot = 0;

  /** The bakery's Spark with its bread document, connected to a bot, and Telegram's side of it. */
  async function connected() {
    const shop = await liveWidgetSpark(app());
    await documentsClient(app(), shop.token).uploadReady(shop.spark._id, 'panaderia.md', Buffer.from(BAKERY));
    const bot = BOTS[nextBot++]!;
    const call = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST', path = '', payload?: unknown, token = shop.token, sparkId = shop.spark._id) =>
      app().inject({
        method,
        url: `/api/v1/sparks/${sparkId}/channels/telegram${path}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const put = await call('PUT', '', { botToken: bot.token });
    expect(put.statusCode, put.payload).toBe(200);
    const channel = (put.json() as { data: MessagingChannel }).data;
    const hook = telegram.webhookOf(bot)!;
    /** Posts an update to the webhook as Telegram does, with the secret token it was given (or another). */
    const post = (update: unknown, secret: string | null = hook.secret, path = new URL(hook.url).pathname) =>
      app().inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }) },
        payload: typeof update === 'string' ? update : JSON.stringify(update),
      });
    const card = async () => ((await call('GET')).json() as { data: MessagingChannel }).data;
    const replied = () => app().jobs.idle(MESSAGING_REPLY_JOB);
    const to = (chatId: number) => telegram.sent.filter((message) => message.chatId === String(chatId));
    return { ...shop, bot, call, channel, hook, post, card, replied, to };
  }

  it('connects a bot from its token alone: the product sets the webhook with a secret, and no token comes back', async () => {
    const shop = await connected();
    expect(shop.channel).toMatchObject({
      platform: 'telegram',
      connected: true,
      accountId: String(shop.bot.id),
      name: shop.bot.username,
      verifyToken: null,
      paused: false,
    });
    expect(shop.channel.webhookUrl).toBe(shop.hook.url);
    expect(shop.hook.url).toMatch(/\/api\/v1\/telegram\/[\w-]+\/webhook$/);
    expect(shop.hook.secret).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    expect(shop.hook.allowedUpdates).toEqual(expect.arrayContaining(['message', 'message_reaction']));
    const read = await shop.call('GET');
    expect(read.payload).not.toContain(shop.bot.token);
    expect(read.payload).not.toContain(shop.hook.secret);
    const [row] = await app()
      .database.db.select()
      .from(messagingChannels)
      .where(eq(messagingChannels.id, shop.channel.webhookUrl!.split('/').at(-2)!));
    expect(JSON.stringify(row)).not.toContain(shop.bot.token);
    // The activity log says the channel changed, and holds no token either.
    const audit = await app().database.db.select().from(auditEvents).where(eq(auditEvents.tenantId, row!.tenantId));
    expect(audit.map((event) => event.kind)).toContain('messaging.changed');
    expect(JSON.stringify(audit)).not.toContain(shop.bot.token);

    // A token of the wrong shape, and one Telegram does not know, are refused with the reason.
    const shape = await shop.call('PUT', '', { botToken: 'not a token' });
    expect(shape.statusCode).toBe(400);
    expect(errorOf(shape).errors.join(' ')).toMatch(/BotFather/);
    const unknown = await shop.call('PUT', '', { botToken: `123456:AAE${'y'.repeat(32)}` });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).errors.join(' ')).toMatch(/Telegram refused the bot token/);
    expect(await shop.card()).toMatchObject({ accountId: String(shop.bot.id) });
    // Fields the contract does not have are refused, not kept.
    expect((await shop.call('PUT', '', { botToken: shop.bot.token, tenantId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
    expect((await shop.call('PATCH', '', { paused: true, accountId: '1' })).statusCode).toBe(400);

    // Another account cannot take the same bot, nor read or change this Spark's channel.
    const other = await verifiedAccount(app());
    const theirs = (
      await app().inject({ method: 'POST', url: '/api/v1/sparks', headers: { authorization: `Bearer ${other.tokens.access_token}` }, payload: {} })
    ).json() as {
      data: { _id: string };
    };
    const taken = await shop.call('PUT', '', { botToken: shop.bot.token }, other.tokens.access_token, theirs.data._id);
    expect(taken.statusCode, taken.payload).toBe(409);
    expect((await shop.call('GET', '', undefined, other.tokens.access_token)).statusCode).toBe(404);
    expect((await shop.call('PATCH', '', { paused: true }, other.tokens.access_token)).statusCode).toBe(404);
    expect((await shop.call('DELETE', '', undefined, other.tokens.access_token)).statusCode).toBe(404);
    expect(telegram.webhookOf(shop.bot)?.secret).toBe(shop.hook.secret);
  });

  it('greets /start in the customer’s language and answers “¿tenéis pan sin gluten?” from the documents, once however often Telegram retries', async () => {
    const shop = await connected();
    const start = await shop.post(telegram.message(5101, '/start', { language: 'es' }));
    expect(start.statusCode, start.payload).toBe(200);
    await shop.replied();
    // The Spark's own welcome, when it is in the customer's language; a greeting in theirs otherwise.
    expect(shop.to(5101)[0]?.text).toBe(shop.spark.options.initialMessage);
    await shop.post(telegram.message(5100, '/start', { language: 'en-GB' }));
    await shop.replied();
    expect(shop.to(5100)[0]?.text).toMatch(/^Hello! I am .+'s assistant\. Write your question/);

    const update = telegram.message(5101, '¿Tenéis pan sin gluten?', { language: 'es' });
    expect((await shop.post(update)).statusCode).toBe(200);
    await shop.replied();
    const [, answer] = shop.to(5101);
    expect(answer?.text).toMatch(/sin gluten/i);
    expect(answer?.text).toMatch(/Fuentes:\n\[1\] panaderia/);
    expect(telegram.actions).toContainEqual({ chatId: '5101', action: 'typing' });

    // Telegram retries the same update: nothing new is said.
    expect((await shop.post(update)).statusCode).toBe(200);
    await shop.replied();
    expect(shop.to(5101)).toHaveLength(2);

    // A thumbs-up on the answer is the customer's vote on it; taking the reaction back takes it back.
    expect((await shop.post(telegram.reaction(5101, answer!.messageId, '👍'))).statusCode).toBe(200);
    const votes = () => app().database.db.select().from(messageFeedback).where(eq(messageFeedback.sparkId, shop.spark._id));
    expect((await votes()).map((vote) => vote.rating)).toEqual(['up']);
    await shop.post(telegram.reaction(5101, answer!.messageId, null));
    expect(await votes()).toEqual([]);

    // Something that is not text: a polite reply in the language they wrote in.
    await shop.post(telegram.message(5101, undefined, { language: 'es' }));
    await shop.replied();
    expect(shop.to(5101).at(-1)?.text).toBe('Solo puedo leer mensajes de texto. Escribe tu pregunta y te responderé.');

    // Conversations per channel in the insights.
    const insights = (
      await app().inject({ method: 'GET', url: `/api/v1/sparks/${shop.spark._id}/insights?days=7`, headers: { authorization: `Bearer ${shop.token}` } })
    ).json() as {
      data: Insights;
    };
    expect(insights.data.totals.byChannel).toMatchObject({ telegram: 1, whatsapp: 0 });
  });

  it('refuses forged, unsigned, replayed-elsewhere, huge and malformed updates with nothing sent', async () => {
    const shop = await connected();
    const sentBefore = telegram.sent.length;
    const update = telegram.message(5202, '¿Tenéis pan sin gluten?');
    expect((await shop.post(update, 'wrong-secret')).statusCode).toBe(401);
    expect((await shop.post(update, null)).statusCode).toBe(401);
    // Another bot's channel address with this bot's secret: not its secret.
    const other = await connected();
    expect((await shop.post(update, shop.hook.secret, new URL(other.hook.url).pathname)).statusCode).toBe(401);
    expect((await shop.post(update, shop.hook.secret, '/api/v1/telegram/00000000-0000-4000-8000-000000000000/webhook')).statusCode).toBe(404);
    expect((await shop.post('{"update_id": 1, "message": ', shop.hook.secret)).statusCode).toBe(400);
    expect((await shop.post({ hello: 'world' }, shop.hook.secret)).statusCode).toBe(400);
    const huge = await shop.post(JSON.stringify({ update_id: 1, message: { text: 'a'.repeat(1_200_000) } }), shop.hook.secret);
    expect(huge.statusCode).toBe(413);
    await shop.replied();
    expect(telegram.sent.length).toBe(sentBefore);
    for (const response of [await shop.post(update, 'wrong-secret'), huge]) expect(response.payload).not.toMatch(/at .*\.ts:\d+/);
  });

  it('declines groups unless the owner allows them, then answers there', async () => {
    const shop = await connected();
    await shop.post(telegram.addedToGroup(-100777, 5404));
    await shop.replied();
    expect(shop.to(-100777)[0]?.text).toContain(`@${shop.bot.username}`);
    expect(telegram.left).toContain('-100777');

    const allowed = await shop.call('PATCH', '', { allowGroups: true });
    expect((allowed.json() as { data: MessagingChannel }).data.allowGroups).toBe(true);
    await shop.post(telegram.message(5404, '¿Tenéis pan sin gluten?', { chat: { id: -100778, type: 'supergroup' } }));
    await shop.replied();
    expect(shop.to(-100778)[0]?.text).toMatch(/sin gluten/i);
  });

  it('hands a conversation to a person in Live and back, and shows an expired token on the card', async () => {
    const shop = await connected();
    const auth = { authorization: `Bearer ${shop.token}` };
    await shop.post(telegram.message(5505, 'Quiero hablar con una persona', { language: 'es' }));
    await shop.replied();
    expect(shop.to(5505)[0]?.text).toBe('Claro. Alguien del equipo se unirá a esta conversación aquí en cuanto pueda.');
    const [conversation] = (
      (await app().inject({ method: 'GET', url: `/api/v1/sparks/${shop.spark._id}/live`, headers: auth })).json() as { data: LiveConversation[] }
    ).data;
    expect(conversation?.channel).toBe('telegram');
    const live = `/api/v1/sparks/${shop.spark._id}/live/${conversation!.id}`;
    expect((await app().inject({ method: 'POST', url: `${live}/take-over`, headers: auth, payload: {} })).statusCode).toBe(200);
    expect(shop.to(5505).at(-1)?.text).toMatch(/se ha unido a la conversación\.$/);

    // The person's words go to Telegram; while the person has it, the Spark does not answer.
    const said = await app().inject({ method: 'POST', url: `${live}/messages`, headers: auth, payload: { text: 'Hola, soy Eva. ¿En qué te ayudo?' } });
    expect(said.statusCode, said.payload).toBe(201);
    expect(shop.to(5505).at(-1)?.text).toBe('Hola, soy Eva. ¿En qué te ayudo?');
    const count = shop.to(5505).length;
    await shop.post(telegram.message(5505, '¿Tenéis pan sin gluten?', { language: 'es' }));
    await shop.replied();
    expect(shop.to(5505)).toHaveLength(count);

    // Handed back without answering: the Spark answers the question the person left.
    expect((await app().inject({ method: 'POST', url: `${live}/hand-back`, headers: auth, payload: {} })).statusCode).toBe(200);
    await shop.replied();
    expect(shop.to(5505).some((message) => /Fuentes:/.test(message.text))).toBe(true);
    const transcript = ((await app().inject({ method: 'GET', url: live, headers: auth })).json() as { data: LiveTranscript }).data;
    expect(transcript.conversation.channel).toBe('telegram');

    // The token revoked in BotFather: the next reply fails, and the card says so in plain words.
    // Revoked, every call fails: "typing…" first, then the answer.
    telegram.failNext(TELEGRAM_FAILURES.revoked, TELEGRAM_FAILURES.revoked);
    await shop.post(telegram.message(5505, '¿Cuál es el horario?', { language: 'es' }));
    await shop.replied();
    expect((await shop.card()).lastProblem).toMatchObject({ kind: 'token', code: 401 });
  });

  it('pauses, sends a test message to whoever wrote last, and disconnects', async () => {
    const shop = await connected();
    const early = await shop.call('POST', '/test');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).errors.join(' ')).toMatch(/\/start/);
    await shop.call('PATCH', '', { paused: true });
    await shop.post(telegram.message(5606, '¿Tenéis pan sin gluten?'));
    await shop.replied();
    expect(shop.to(5606)).toEqual([]);
    expect((await shop.card()).lastReceivedAt).not.toBeNull();
    const test = await shop.call('POST', '/test');
    expect(test.statusCode, test.payload).toBe(200);
    expect(shop.to(5606)[0]?.text).toContain(`@${shop.bot.username}`);
    const gone = await shop.call('DELETE');
    expect(gone.statusCode).toBe(200);
    expect(telegram.webhookOf(shop.bot)).toBeUndefined();
    expect((await shop.card()).connected).toBe(false);
    expect((await shop.post(telegram.message(5606, 'Hola'))).statusCode).toBe(404);
  });
});
