import { WHATSAPP_TEXT_MAX_CHARS, type WhatsappChannel } from '@sparks/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import { startFakeWhatsappCloud, whatsappDelivery } from '../../../../../test/support/fake-whatsapp-cloud.js';
import { WHATSAPP_REPLY_JOB } from './whatsapp-inbox.js';

const ACCESS_TOKEN = 'EAAGm0PX4ZCpsBAKZCrDfZBBRealLookingToken123456789';
const APP_SECRET = 'abcdef0123456789abcdef0123456789';
const PHONE_NUMBER_ID = '106540352242923';

// Meta's side listens before the app starts: the app reads its address from the environment.
const cloud = await startFakeWhatsappCloud({ accessToken: ACCESS_TOKEN });
afterAll(() => cloud.close());

describe.each(testDatabaseTargets())('a long answer on WhatsApp on $name', (target) => {
  const { app, fake } = appWithFakeModel(target, { WHATSAPP_GRAPH_URL: cloud.graphUrl, RATE_LIMIT_MAX: '100000' });

  it('goes out in parts WhatsApp accepts, split between paragraphs, in order, with the sources after the last', async () => {
    const shop = await liveWidgetSpark(app());
    const put = await app().inject({
      method: 'PUT',
      url: `/api/v1/sparks/${shop.spark._id}/whatsapp`,
      headers: { authorization: `Bearer ${shop.token}` },
      payload: { phoneNumberId: PHONE_NUMBER_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET },
    });
    const { webhookUrl } = (put.json() as { data: WhatsappChannel }).data;
    const paragraphs = Array.from(
      { length: 9 },
      (_, index) => `Step ${index + 1}: ${'Bring the bike, the receipt and every part it came with to the shop. '.repeat(9).trim()}`,
    );
    const long = `${paragraphs.join('\n\n')} [1]`;
    // Every call the model gets (a rewording of the question, then the answer) is given the long text.
    fake().enqueue(...Array.from({ length: 4 }, () => ({ text: long, chunkSize: 500 })));
    const delivery = whatsappDelivery(PHONE_NUMBER_ID, APP_SECRET, [{ from: '447700900111', text: 'How do I return a bike, step by step?' }]);
    const received = await app().inject({
      method: 'POST',
      url: new URL(webhookUrl!).pathname,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': delivery.signature },
      payload: delivery.raw,
    });
    expect(received.statusCode, received.payload).toBe(200);
    await app().jobs.idle(WHATSAPP_REPLY_JOB);

    const parts = cloud.sent.filter((message) => message.to === '447700900111').map((message) => message.body);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(WHATSAPP_TEXT_MAX_CHARS);
    expect(parts[0]).toMatch(/^Step 1: /);
    for (const part of parts.slice(1)) expect(part).toMatch(/^Step \d: /);
    expect(parts.at(-1)).toMatch(/Sources:\n\[1\] returns/);
    expect(parts.join('\n\n')).toContain(paragraphs.at(-1));
  });
});
