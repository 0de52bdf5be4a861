import { INSTAGRAM_TEXT_MAX_BYTES, MESSENGER_TEXT_MAX_CHARS, TELEGRAM_TEXT_MAX_CHARS, type MessagingChannel } from '@sparks/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import { startFakeMetaGraph, type FakePage } from '../../../../../test/support/fake-meta-graph.js';
import { startFakeTelegram, type FakeBot } from '../../../../../test/support/fake-telegram.js';
import { MESSAGING_REPLY_JOB } from './messaging-inbox.js';

const APP_SECRET = 'abcdef0123456789abcdef0123456789';
const pages: FakePage[] = [1, 2].map((index) => ({
  id: `20${index}5403522429`,
  name: `Bicis ${index}`,
  accessToken: `EAALongAnswers${index}ZCpsBAKZCrDfZBB`,
  instagram: { id: `1784140582230499${index}`, username: `bicis_${index}` },
}));
const bots: FakeBot[] = [1, 2].map((index) => ({
  id: 8_100_000_000 + index,
  username: `bicis_${index}_bot`,
  token: `${8_100_000_000 + index}:AAE${'q'.repeat(30)}${index}`,
}));

// The platforms listen before the app starts: the app reads their addresses from the environment.
const graph = await startFakeMetaGraph(pages);
const telegram = await startFakeTelegram(bots);
afterAll(() => Promise.all([graph.close(), telegram.close()]));

describe.each(testDatabaseTargets())('a long answer on Messenger, Instagram and Telegram on $name', (target) => {
  const { app, fake } = appWithFakeModel(target, { META_GRAPH_URL: graph.graphUrl, TELEGRAM_API_URL: telegram.apiUrl, RATE_LIMIT_MAX: '100000' });
  let round = 0;

  /** An answer of nine long paragraphs, with accents (two bytes each in UTF-8) and its source cited. */
  const paragraphs = Array.from(
    { length: 9 },
    (_, index) => `Paso ${index + 1}: ${'Trae la bicicleta, el ticket y cada pieza con la que vino a la tienda, según el envío. '.repeat(6).trim()}`,
  );
  const longAnswer = () => fake().enqueue(...Array.from({ length: 4 }, () => ({ text: `${paragraphs.join('\n\n')} [1]`, chunkSize: 500 })));

  /** The parts as received, in order, with their source line after the last. */
  const expectParts = (parts: string[], fits: (part: string) => boolean) => {
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(fits(part), `${part.length} characters, ${Buffer.byteLength(part)} bytes`).toBe(true);
    expect(parts[0]).toMatch(/^Paso 1: /);
    expect(parts.at(-1)).toMatch(/Fuentes:\n\[1\] returns/);
    expect(parts.join('\n\n')).toContain(paragraphs.at(-1));
  };

  it('goes out on Messenger within 2,000 characters and on Instagram within 1,000 bytes, in order', async () => {
    const page = pages[round++]!;
    const shop = await liveWidgetSpark(app());
    const put = await app().inject({
      method: 'PUT',
      url: `/api/v1/sparks/${shop.spark._id}/channels/meta`,
      headers: { authorization: `Bearer ${shop.token}` },
      payload: { pageId: page.id, pageAccessToken: page.accessToken, appSecret: APP_SECRET },
    });
    const { webhookUrl } = (put.json() as { data: MessagingChannel }).data;
    for (const [surface, customer, fits] of [
      ['messenger', '7701', (part: string) => part.length <= MESSENGER_TEXT_MAX_CHARS],
      ['instagram', '7702', (part: string) => Buffer.byteLength(part) <= INSTAGRAM_TEXT_MAX_BYTES],
    ] as const) {
      longAnswer();
      const delivery = graph.delivery(surface, page, APP_SECRET, [{ from: customer, text: '¿Cómo devuelvo una bicicleta, paso a paso?' }]);
      const received = await app().inject({
        method: 'POST',
        url: new URL(webhookUrl!).pathname,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': delivery.signature },
        payload: delivery.raw,
      });
      expect(received.statusCode, received.payload).toBe(200);
      await app().jobs.idle(MESSAGING_REPLY_JOB);
      expectParts(
        graph.sent.filter((message) => message.to === customer).map((message) => message.text),
        fits,
      );
    }
  });

  it('goes out on Telegram within 4,096 characters, in order', async () => {
    const bot = bots[round - 1]!;
    const shop = await liveWidgetSpark(app());
    await app().inject({
      method: 'PUT',
      url: `/api/v1/sparks/${shop.spark._id}/channels/telegram`,
      headers: { authorization: `Bearer ${shop.token}` },
      payload: { botToken: bot.token },
    });
    const hook = telegram.webhookOf(bot)!;
    fake().enqueue(...Array.from({ length: 4 }, () => ({ text: `${[...paragraphs, ...paragraphs].join('\n\n')} [1]`, chunkSize: 500 })));
    const received = await app().inject({
      method: 'POST',
      url: new URL(hook.url).pathname,
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook.secret },
      payload: JSON.stringify(telegram.message(7703, '¿Cómo devuelvo una bicicleta, paso a paso?')),
    });
    expect(received.statusCode, received.payload).toBe(200);
    await app().jobs.idle(MESSAGING_REPLY_JOB);
    expectParts(
      telegram.sent.filter((message) => message.chatId === '7703').map((message) => message.text),
      (part) => part.length <= TELEGRAM_TEXT_MAX_CHARS,
    );
  });
});
