import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreatedApiKey, WebhookDelivery, WebhookEndpoint, WebhookPayload, WebhookWithSecret } from '@sparks/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient, documentsRead } from '#test/documents-helpers.js';
import { call } from '#test/team-helpers.js';
import { startTestAppOn } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { webhookDeliveries } from '../../db/schema.js';
import { WEBHOOK_DELIVERY_JOB } from './webhooks-service.js';

/**
 * The receiver's side of the documented scheme, written from the documentation alone: HMAC-SHA256
 * of "<t>.<raw body>" under the secret, compared in constant time, and a `t` older than five
 * minutes refused as a replay.
 */
function verifySparksSignature(secret: string, header: string, rawBody: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300 || !parts.v1) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** The developer's server on loopback: it keeps what it receives and answers with the status it is told to. */
async function receiver() {
  const received: Received[] = [];
  const waiting: Array<() => void> = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status).end();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sparks-hook`;
  return {
    url,
    received,
    answer: (next: number) => void (status = next),
    /** Waits for the n-th delivery (counting from one), as the event of its arrival. */
    nth: async (n: number): Promise<Received> => {
      while (received.length < n) await new Promise<void>((resolve) => waiting.push(resolve));
      return received[n - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabaseTargets())('webhooks ($name)', (target) => {
  let harness: Awaited<ReturnType<typeof startTestAppOn>>;
  let app: FastifyInstance;
  let base: string;
  let owner: string;
  let sparkId: string;
  let hooks: Awaited<ReturnType<typeof receiver>>;

  const addEndpoint = async (token: string, body: object) => {
    const response = await call(app, token, 'POST', '/developers/webhooks', body);
    expect(response.statusCode, response.payload).toBe(201);
    return (response.json() as { data: WebhookWithSecret }).data;
  };
  const deliveriesOf = async (endpointId: string) =>
    ((await call(app, owner, 'GET', `/developers/webhooks/${endpointId}/deliveries`)).json() as { data: WebhookDelivery[] }).data;

  beforeAll(async () => {
    // Loopback is let through only under the test setting, as for crawls and actions.
    harness = await startTestAppOn(target, { CRAWL_ALLOW_LOOPBACK: 'true' });
    app = harness.app;
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    owner = (await verifiedAccount(app)).tokens.access_token;
    sparkId = (await chatClient(app, owner).newSpark())._id;
    await documentsClient(app, owner).uploadReady(sparkId, 'hours.md', Buffer.from('# Hours\n\n## Sunday\nOn Sunday we open from 9:00 to 13:00.\n'));
    hooks = await receiver();
  });
  afterAll(async () => {
    await hooks?.close();
    await harness?.stop();
  });

  it('signs a "person requested" delivery that the documented check verifies, and refuses it replayed later', async () => {
    const { endpoint, secret } = await addEndpoint(owner, { url: hooks.url, events: ['person.requested', 'message.answered'] });
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);
    expect(endpoint).toMatchObject({ url: hooks.url, enabled: true, secretPrefix: secret.slice(0, 12) });
    const listed = ((await call(app, owner, 'GET', '/developers/webhooks')).json() as { data: WebhookEndpoint[] }).data;
    expect(JSON.stringify(listed)).not.toContain(secret.slice(12));

    // A developer's app asks the Spark for a person, through the API.
    const key = (await call(app, owner, 'POST', '/developers/keys', { name: 'App', scopes: ['ask'] })).json().data as CreatedApiKey;
    const asked = await fetch(`${base}/api/v1/sparks/${sparkId}/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'I want to talk to a person, please' }),
    });
    expect(asked.status).toBe(200);
    const { conversationId } = ((await asked.json()) as { data: { conversationId: string } }).data;
    await app.jobs.idle(WEBHOOK_DELIVERY_JOB);
    const deliveries = hooks.received.map((one) => ({ ...one, payload: JSON.parse(one.body) as WebhookPayload }));
    const person = deliveries.find((one) => one.payload.event === 'person.requested');
    expect(person?.payload.data).toMatchObject({ sparkId, conversationId, channel: 'api', via: 'conversation' });
    expect(person?.headers['sparks-event']).toBe('person.requested');
    expect(person?.headers['sparks-delivery']).toBe(person?.payload.id);
    const signature = String(person?.headers['sparks-signature']);
    const now = Math.floor(Date.now() / 1000);
    expect(verifySparksSignature(secret, signature, person!.body, now)).toBe(true);
    // A byte changed, another secret, or the same delivery replayed after the window: refused.
    expect(verifySparksSignature(secret, signature, person!.body.replace('api', 'apx'), now)).toBe(false);
    expect(verifySparksSignature('whsec_other', signature, person!.body, now)).toBe(false);
    expect(verifySparksSignature(secret, signature, person!.body, now + 301)).toBe(false);
    expect(deliveries.some((one) => one.payload.event === 'message.answered' && one.payload.data.conversationId === conversationId)).toBe(true);
    // Only the events it asked for: no document event reached it.
    expect(deliveries.every((one) => ['person.requested', 'message.answered'].includes(one.payload.event))).toBe(true);

    const log = await deliveriesOf(endpoint._id);
    expect(log.every((one) => one.status === 'delivered' && one.responseStatus === 200 && one.attempts === 1)).toBe(true);

    // A rotated secret signs from then on; the old one no longer verifies.
    const rotated = (await call(app, owner, 'POST', `/developers/webhooks/${endpoint._id}/rotate`)).json().data as WebhookWithSecret;
    expect(rotated.secret).not.toBe(secret);
    const before = hooks.received.length;
    await call(app, owner, 'POST', `/developers/webhooks/${endpoint._id}/deliveries/${log[0]!._id}/redeliver`);
    await app.jobs.idle(WEBHOOK_DELIVERY_JOB);
    const again = await hooks.nth(before + 1);
    expect(verifySparksSignature(rotated.secret, String(again.headers['sparks-signature']), again.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifySparksSignature(secret, String(again.headers['sparks-signature']), again.body, Math.floor(Date.now() / 1000))).toBe(false);
    expect((await call(app, owner, 'DELETE', `/developers/webhooks/${endpoint._id}`)).statusCode).toBe(200);
  });

  it('tries a failing endpoint again with growing waits, then marks the delivery failed after a day', async () => {
    const { endpoint } = await addEndpoint(owner, { url: hooks.url, events: ['document.ready'] });
    hooks.answer(500);
    const start = hooks.received.length;
    await documentsClient(app, owner).uploadReady(sparkId, 'menu.md', Buffer.from('# Menu\n\nToast costs 3 euros.\n'));
    await app.jobs.idle(WEBHOOK_DELIVERY_JOB);
    await hooks.nth(start + 1);
    let [delivery] = await deliveriesOf(endpoint._id);
    expect(delivery).toMatchObject({ event: 'document.ready', status: 'pending', attempts: 1, responseStatus: 500, error: 'The endpoint answered 500.' });
    const wait = new Date(delivery!.nextAttemptAt!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    // The next try is due: the sweep sends it, and the wait after it is longer.
    const db = app.database.db;
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(webhookDeliveries.id, delivery!._id));
    await app.jobs.sweep(WEBHOOK_DELIVERY_JOB);
    await app.jobs.idle(WEBHOOK_DELIVERY_JOB);
    await hooks.nth(start + 2);
    [delivery] = await deliveriesOf(endpoint._id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2 });
    expect(new Date(delivery!.nextAttemptAt!).getTime() - Date.now()).toBeGreaterThan(100_000);

    // A day after the event, a failed try is the last.
    await db
      .update(webhookDeliveries)
      .set({ createdAt: sql`now() - interval '23 hours 59 minutes'`, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(webhookDeliveries.id, delivery!._id));
    await app.jobs.sweep(WEBHOOK_DELIVERY_JOB);
    await app.jobs.idle(WEBHOOK_DELIVERY_JOB);
    await hooks.nth(start + 3);
    [delivery] = await deliveriesOf(endpoint._id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null });

    // Sent again by hand once the endpoint is mended: delivered.
    hooks.answer(204);
    const resent = await call(app, owner, 'POST', `/developers/webhooks/${endpoint._id}/deliveries/${delivery!._id}/redeliver`);
    expect(resent.statusCode).toBe(202);
    await app.jobs.idle(WEBHOOK_DELIVERY_JOB);
    await hooks.nth(start + 4);
    [delivery] = await deliveriesOf(endpoint._id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4, responseStatus: 204 });
    expect(JSON.parse(hooks.received[start]!.body).data).toMatchObject({ sparkId, name: 'menu.md' });
    await call(app, owner, 'DELETE', `/developers/webhooks/${endpoint._id}`);
  });

  it('never calls a private address, refuses a bad one when saved, and keeps endpoints to their account', async () => {
    const { endpoint } = await addEndpoint(owner, { url: 'https://169.254.169.254/latest/meta-data', events: ['document.ready'] });
    const { document } = await documentsClient(app, owner).uploadReady(sparkId, 'private.md', Buffer.from('# Private\n\nNothing here.\n'));
    await app.jobs.idle(WEBHOOK_DELIVERY_JOB);
    const [delivery] = await deliveriesOf(endpoint._id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
    expect(delivery!.error).toBeTruthy();
    for (const url of ['ftp://example.com/hook', 'https://user:pass@example.com/hook', 'https://example.com:8443/hook', 'not an address'])
      expect((await call(app, owner, 'POST', '/developers/webhooks', { url, events: ['gap.opened'] })).statusCode, url).toBe(400);
    expect((await call(app, owner, 'POST', '/developers/webhooks', { url: hooks.url, events: [] })).statusCode).toBe(400);
    expect((await call(app, owner, 'POST', '/developers/webhooks', { url: hooks.url, events: ['everything'] })).statusCode).toBe(400);

    const stranger = (await verifiedAccount(app)).tokens.access_token;
    for (const [method, path] of [
      ['GET', `/developers/webhooks/${endpoint._id}/deliveries`],
      ['PATCH', `/developers/webhooks/${endpoint._id}`],
      ['POST', `/developers/webhooks/${endpoint._id}/rotate`],
      ['POST', `/developers/webhooks/${endpoint._id}/deliveries/${delivery!._id}/redeliver`],
      ['DELETE', `/developers/webhooks/${endpoint._id}`],
    ] as const)
      expect((await call(app, stranger, method, path, method === 'PATCH' ? { enabled: false } : undefined)).statusCode, path).toBe(404);
    // Turned off, an endpoint gets nothing new.
    const off = await call(app, owner, 'PATCH', `/developers/webhooks/${endpoint._id}`, { enabled: false });
    expect(off.json().data.enabled).toBe(false);
    const before = (await deliveriesOf(endpoint._id)).length;
    const { endpoint: listening } = await addEndpoint(owner, { url: hooks.url, events: ['document.ready'] });
    // The plan's three documents are all here: the last one is read again, which is ready again.
    expect((await call(app, owner, 'POST', `/sparks/${sparkId}/documents/${document._id}/read-again`)).statusCode).toBe(202);
    await documentsRead(app);
    await app.jobs.idle(WEBHOOK_DELIVERY_JOB);
    expect(await deliveriesOf(endpoint._id)).toHaveLength(before);
    expect(await deliveriesOf(listening._id)).toMatchObject([{ event: 'document.ready', status: 'delivered' }]);
  });
});
