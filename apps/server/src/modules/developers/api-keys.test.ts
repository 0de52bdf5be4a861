import { type ApiKeyList, type AskAnswer, type AuditEvent, type CreatedApiKey, type LiveTranscript, type SparkDocument } from '@sparks/contract';
import { readEvents } from '@sparks/contract/event-stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { multipartBody } from '#test/document-fixtures.js';
import { documentsClient, documentsRead } from '#test/documents-helpers.js';
import { call, memberAs } from '#test/team-helpers.js';
import { startTestAppOn } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { apiKeys } from '../../db/schema.js';

const PRICES = Buffer.from(
  [
    '# Linen & Co. price list',
    '',
    '## Shirts',
    'The linen shirt costs 49 euros and comes in sizes S, M and L.',
    '',
    '## Delivery',
    'Orders above 60 euros are delivered free within three working days.',
    '',
  ].join('\n'),
);
const NEW_PRICES = Buffer.from(['# Linen & Co. price list', '', '## Shirts', 'From this week the linen shirt costs 45 euros.', ''].join('\n'));

/** A developer's client: real HTTP on loopback, as curl or a script calls the API. */
function developer(base: string, secret: string) {
  const headers = { authorization: `Bearer ${secret}` };
  const json = async (method: string, path: string, body?: object, extra: Record<string, string> = {}) =>
    fetch(`${base}/api/v1${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}), ...extra },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  return {
    json,
    ask: async (sparkId: string, body: object): Promise<AskAnswer> => {
      const response = await json('POST', `/sparks/${sparkId}/ask`, body);
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { data: AskAnswer }).data;
    },
    upload: async (sparkId: string, fields: Record<string, string>, file: { name: string; bytes: Buffer }) => {
      const form = await multipartBody(fields, file);
      return fetch(`${base}/api/v1/sparks/${sparkId}/documents`, {
        method: 'POST',
        headers: { ...headers, ...form.headers },
        body: new Uint8Array(form.payload),
      });
    },
  };
}

describe.each(testDatabaseTargets())('API keys and the public API ($name)', (target) => {
  let harness: Awaited<ReturnType<typeof startTestAppOn>>;
  let app: FastifyInstance;
  let base: string;
  let owner: { token: string };
  let shop: string;
  let other: string;

  const createKey = async (token: string, body: object) => {
    const response = await call(app, token, 'POST', '/developers/keys', body);
    expect(response.statusCode, response.payload).toBe(201);
    return (response.json() as { data: CreatedApiKey }).data;
  };

  beforeAll(async () => {
    harness = await startTestAppOn(target, { API_KEY_REQUESTS_PER_MINUTE: '40' });
    app = harness.app;
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    owner = { token: (await verifiedAccount(app)).tokens.access_token };
    const chat = chatClient(app, owner.token);
    shop = (await chat.newSpark())._id;
    other = (await chat.newSpark())._id;
    await documentsClient(app, owner.token).uploadReady(shop, 'prices.md', PRICES);
  });
  afterAll(async () => harness?.stop());
  // The trial holds two keys in use: each case starts with none.
  afterEach(async () => {
    const { keys } = ((await call(app, owner.token, 'GET', '/developers/keys')).json() as { data: ApiKeyList }).data;
    for (const key of keys.filter((one) => !one.revokedAt))
      expect((await call(app, owner.token, 'DELETE', `/developers/keys/${key._id}`)).statusCode).toBe(200);
  });

  it('shows a key once, keeps only its prefix, and asks the Spark it is limited to, continuing a conversation', async () => {
    const { key, secret } = await createKey(owner.token, { name: 'Shop site', scopes: ['ask'], sparkIds: [shop] });
    expect(secret).toMatch(/^spk_[\w-]{32}$/);
    expect(key).toMatchObject({ name: 'Shop site', prefix: secret.slice(0, 12), scopes: ['ask'], sparkIds: [shop], revokedAt: null, lastUsedAt: null });
    const listed = ((await call(app, owner.token, 'GET', '/developers/keys')).json() as { data: ApiKeyList }).data;
    expect(JSON.stringify(listed)).not.toContain(secret.slice(12));
    expect(listed.allowance).toEqual({ used: 1, limit: 2 });

    const dev = developer(base, secret);
    const first = await dev.ask(shop, { message: 'How much is the linen shirt?' });
    expect(first.answer?.content).toContain('49 euros');
    expect(first.answer?.citations?.[0]?.title).toBe('prices.md');
    expect(first.unanswered).toBe(false);
    const next = await dev.ask(shop, { message: 'And is delivery free?', conversationId: first.conversationId });
    expect(next.conversationId).toBe(first.conversationId);
    expect(next.answer?.content).toContain('delivered free');

    // The owner sees the conversation among the Spark's visitors', on the API channel.
    const live = (await call(app, owner.token, 'GET', `/sparks/${shop}/live/${first.conversationId}`)).json().data as LiveTranscript;
    expect(live.conversation.channel).toBe('api');
    expect(live.messages.length).toBeGreaterThanOrEqual(4);
    const after = ((await call(app, owner.token, 'GET', '/developers/keys')).json() as { data: ApiKeyList }).data.keys.find((one) => one._id === key._id);
    expect(after?.lastUsedAt).not.toBeNull();
  });

  it('streams an answer as Server-Sent Events, with the same answer in its last event, and groups one end user', async () => {
    const { secret } = await createKey(owner.token, { name: 'Stream', scopes: ['ask'], sparkIds: null });
    const response = await developer(base, secret).json(
      'POST',
      `/sparks/${shop}/ask`,
      { message: 'Is delivery free?', endUserId: 'customer-7' },
      { accept: 'text/event-stream' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(Number(response.headers.get('ratelimit-limit'))).toBe(40);
    const events: Array<{ event: string; data: string }> = [];
    for await (const event of readEvents(response.body!)) events.push(event);
    expect(events.map((event) => event.event)).toEqual(expect.arrayContaining(['start', 'delta', 'message', 'done']));
    const done = JSON.parse(events.at(-1)!.data) as AskAnswer;
    expect(done.answer?.content).toContain('delivered free');
    // The stream's conversation goes on, streamed again, with the id its first event gave.
    expect(JSON.parse(events[0]!.data)).toEqual({ conversationId: done.conversationId });
    const resumed = await developer(base, secret).json(
      'POST',
      `/sparks/${shop}/ask`,
      { message: 'And how much is the linen shirt?', conversationId: done.conversationId },
      { accept: 'text/event-stream' },
    );
    let resumedDone: AskAnswer | undefined;
    for await (const event of readEvents(resumed.body!)) if (event.event === 'done') resumedDone = JSON.parse(event.data) as AskAnswer;
    expect(resumedDone).toMatchObject({ conversationId: done.conversationId });
    expect(resumedDone?.answer?.content).toContain('49 euros');
    const again = await developer(base, secret).ask(shop, { message: 'How much is the shirt?', endUserId: 'customer-7' });
    expect(again.conversationId).toBe(done.conversationId);
    const stranger = await developer(base, secret).ask(shop, { message: 'How much is the shirt?', endUserId: 'customer-8' });
    expect(stranger.conversationId).not.toBe(done.conversationId);
    const borrowed = await developer(base, secret).json('POST', `/sparks/${shop}/ask`, {
      message: 'Hi',
      endUserId: 'customer-8',
      conversationId: done.conversationId,
    });
    expect(borrowed.status).toBe(404);
    // A conversation of another Spark, or one that is not the API's, cannot be continued.
    const wrong = await developer(base, secret).json('POST', `/sparks/${other}/ask`, { message: 'Hi', conversationId: done.conversationId });
    expect(wrong.status).toBe(404);
  });

  it('uploads, replaces and deletes a document from a script, as the app shows it', async () => {
    const { secret } = await createKey(owner.token, { name: 'CMS', scopes: ['knowledge.read', 'knowledge.write'], sparkIds: [shop] });
    const dev = developer(base, secret);
    const uploaded = await dev.upload(shop, {}, { name: 'weekly.md', bytes: PRICES });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const [result] = ((await uploaded.json()) as { data: Array<{ _id: string }> }).data;
    await documentsRead(app);
    const read = ((await (await dev.json('GET', `/sparks/${shop}/documents/${result!._id}`)).json()) as { data: SparkDocument }).data;
    expect(read.status).toBe('ready');
    const replaced = await dev.upload(shop, { replaces: result!._id }, { name: 'weekly.md', bytes: NEW_PRICES });
    expect(replaced.status, await replaced.clone().text()).toBe(201);
    const [version] = ((await replaced.json()) as { data: Array<{ _id: string }> }).data;
    await documentsRead(app);
    const inApp = ((await documentsClient(app, owner.token).list(shop)).json() as { data: SparkDocument[] }).data;
    expect(inApp.filter((document) => document.name === 'weekly.md')).toHaveLength(1);
    const hits = (await documentsClient(app, owner.token).search(shop, 'linen shirt costs this week')).json().data as Array<{ excerpt: string }>;
    expect(hits.some((hit) => hit.excerpt.includes('45 euros'))).toBe(true);
    const removed = await dev.json('DELETE', `/sparks/${shop}/documents/${version!._id}`);
    expect(removed.status).toBe(200);
    const left = ((await documentsClient(app, owner.token).list(shop)).json() as { data: SparkDocument[] }).data;
    expect(left.map((document) => document.name)).not.toContain('weekly.md');
    // A form naming another Spark than the address is refused, and nothing is stored.
    const mixed = await dev.upload(shop, { sparkId: other }, { name: 'mixed.md', bytes: PRICES });
    expect(mixed.status).toBe(400);
  });

  it('reads the conversations and the websites of its Spark with the scopes for them, page by page', async () => {
    const asker = developer(base, (await createKey(owner.token, { name: 'Asker', scopes: ['ask', 'knowledge.write'], sparkIds: [shop] })).secret);
    const first = await asker.ask(shop, { message: 'How much is the linen shirt?', endUserId: 'reader-1' });
    const reader = developer(
      base,
      (await createKey(owner.token, { name: 'Reader', scopes: ['conversations.read', 'knowledge.read'], sparkIds: [shop] })).secret,
    );
    const page = await reader.json('GET', `/sparks/${shop}/visitor-conversations`);
    expect(page.status).toBe(200);
    const listed = ((await page.json()) as { data: Array<{ id: string; updatedAt: string; preview: string }> }).data;
    expect(listed.map((one) => one.id)).toContain(first.conversationId);
    // The next page starts before the last one listed: the cursor is the date the list gives.
    const older = await reader.json('GET', `/sparks/${shop}/visitor-conversations?before=${encodeURIComponent(listed.at(-1)!.updatedAt)}`);
    expect(((await older.json()) as { data: Array<{ id: string }> }).data.map((one) => one.id)).not.toContain(listed.at(-1)!.id);
    const transcript = await reader.json('GET', `/sparks/${shop}/live/${first.conversationId}`);
    expect(((await transcript.json()) as { data: LiveTranscript }).data.messages.map((message) => message.content)).toContain('How much is the linen shirt?');
    const sites = await reader.json('GET', `/sparks/${shop}/websites`);
    expect(sites.status).toBe(200);
    // A key that may change the knowledge adds the shop's website and removes it again.
    const writer = asker;
    const added = await writer.json('POST', `/sparks/${shop}/websites`, { url: 'https://www.example.com/' });
    expect(added.status, await added.clone().text()).toBe(202);
    const siteId = ((await added.json()) as { data: { _id: string } }).data._id;
    const shown = (await reader.json('GET', `/sparks/${shop}/websites/${siteId}`)).status;
    expect(shown).toBe(200);
    expect((await writer.json('DELETE', `/sparks/${shop}/websites/${siteId}`)).status).toBe(200);
    // Reading is not changing: the same key may not add a website.
    expect((await reader.json('POST', `/sparks/${shop}/websites`, { url: 'https://www.example.com/' })).status).toBe(403);
  });

  it('answers a write sent again with its Idempotency-Key once, and refuses the key for another request', async () => {
    const { secret } = await createKey(owner.token, { name: 'Retrying script', scopes: ['knowledge.write'], sparkIds: [shop] });
    const dev = developer(base, secret);
    const headers = { authorization: `Bearer ${secret}`, 'idempotency-key': 'weekly-prices-2026-49' };
    const send = async () => {
      const form = await multipartBody({}, { name: 'week-49.md', bytes: PRICES });
      return fetch(`${base}/api/v1/sparks/${shop}/documents`, { method: 'POST', headers: { ...headers, ...form.headers }, body: new Uint8Array(form.payload) });
    };
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const [one, two] = [await first.json(), await again.json()] as Array<{ data: Array<{ _id: string }> }>;
    expect(two!.data[0]!._id).toBe(one!.data[0]!._id);
    await documentsRead(app);
    const documents = ((await documentsClient(app, owner.token).list(shop)).json() as { data: SparkDocument[] }).data;
    expect(documents.filter((document) => document.name === 'week-49.md')).toHaveLength(1);
    // The same key on another request is refused; a delete sent twice answers as the first did.
    const other = await dev.json('DELETE', `/sparks/${shop}/documents/${one!.data[0]!._id}`, undefined, { 'idempotency-key': 'weekly-prices-2026-49' });
    expect(other.status).toBe(409);
    const removal = { 'idempotency-key': 'remove-week-49' };
    expect((await dev.json('DELETE', `/sparks/${shop}/documents/${one!.data[0]!._id}`, undefined, removal)).status).toBe(200);
    const twice = await dev.json('DELETE', `/sparks/${shop}/documents/${one!.data[0]!._id}`, undefined, removal);
    expect([twice.status, twice.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect((await dev.json('DELETE', `/sparks/${shop}/documents/${one!.data[0]!._id}`)).status).toBe(404);
    expect((await dev.json('DELETE', `/sparks/${shop}/documents/${one!.data[0]!._id}`, undefined, { 'idempotency-key': 'x'.repeat(201) })).status).toBe(400);
  });

  it('keeps a key to its scopes and Sparks, and away from billing, the team and other keys', async () => {
    const { secret } = await createKey(owner.token, { name: 'Narrow', scopes: ['ask'], sparkIds: [shop] });
    const dev = developer(base, secret);
    const refused = async (method: string, path: string, body?: object) => {
      const response = await dev.json(method, path, body);
      return { status: response.status, code: ((await response.json()) as { code: string }).code };
    };
    expect(await refused('POST', `/sparks/${other}/ask`, { message: 'Hi' })).toEqual({ status: 403, code: 'API_KEY_NOT_ALLOWED' });
    expect(await refused('GET', `/sparks/${shop}/documents`)).toEqual({ status: 403, code: 'API_KEY_NOT_ALLOWED' });
    for (const [method, path] of [
      ['GET', '/billing/usage'],
      ['GET', '/billing/subscriptions/cus_1'],
      ['POST', '/billing/customers/cus_1/session'],
      ['GET', '/team'],
      ['POST', '/team/invitations'],
      ['GET', '/developers/keys'],
      ['POST', '/developers/keys'],
      ['GET', '/account/profile'],
      ['GET', '/sparks'],
      ['POST', '/llm/chat'],
    ] as const)
      expect({ path, ...(await refused(method, path, method === 'POST' ? {} : undefined)) }).toEqual({ path, status: 403, code: 'API_KEY_NOT_ALLOWED' });
    // A key of another account is no key of this one: its Spark is simply not found.
    const stranger = { token: (await verifiedAccount(app)).tokens.access_token };
    const theirs = await createKey(stranger.token, { name: 'Theirs', scopes: ['ask'] });
    const crossing = await developer(base, theirs.secret).json('POST', `/sparks/${shop}/ask`, { message: 'How much is the linen shirt?' });
    expect(crossing.status).toBe(404);
    // Forged, revoked and expired keys are refused alike.
    const forged = await developer(base, `spk_${'A'.repeat(32)}`).json('POST', `/sparks/${shop}/ask`, { message: 'Hi' });
    expect([forged.status, ((await forged.json()) as { code: string }).code]).toEqual([401, 'API_KEY_INVALID']);
    const keys = ((await call(app, stranger.token, 'GET', '/developers/keys')).json() as { data: ApiKeyList }).data.keys;
    expect((await call(app, stranger.token, 'DELETE', `/developers/keys/${keys[0]!._id}`)).statusCode).toBe(200);
    expect((await developer(base, theirs.secret).json('POST', `/sparks/${shop}/ask`, { message: 'Hi' })).status).toBe(401);
    const expiring = await createKey(stranger.token, { name: 'Soon', scopes: ['ask'], expiresInDays: 1 });
    await app.database.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(apiKeys.id, expiring.key._id));
    expect((await developer(base, expiring.secret).json('POST', `/sparks/${shop}/ask`, { message: 'Hi' })).status).toBe(401);
    // Revoking another account's key is not found, as any id of theirs is.
    expect((await call(app, stranger.token, 'DELETE', `/developers/keys/${expiring.key._id}`)).statusCode).toBe(200);
    const mine = ((await call(app, owner.token, 'GET', '/developers/keys')).json() as { data: ApiKeyList }).data.keys[0]!;
    expect((await call(app, stranger.token, 'DELETE', `/developers/keys/${mine._id}`)).statusCode).toBe(404);
  });

  it('holds the plan to its keys, lets admins and not editors manage them, and stops a key when its creator leaves', async () => {
    await createKey(owner.token, { name: 'First', scopes: ['ask'] });
    const second = await createKey(owner.token, { name: 'Second', scopes: ['ask'] });
    const full = await call(app, owner.token, 'POST', '/developers/keys', { name: 'One too many', scopes: ['ask'] });
    expect(full.statusCode).toBe(402);
    expect(full.json().code).toBe('LIMIT_REACHED');
    // A revoked key no longer counts.
    expect((await call(app, owner.token, 'DELETE', `/developers/keys/${second.key._id}`)).statusCode).toBe(200);
    const { key: first } = await createKey(owner.token, { name: 'Third', scopes: ['ask'] });
    expect((await call(app, owner.token, 'DELETE', `/developers/keys/${first._id}`)).statusCode).toBe(200);
    const { keys } = ((await call(app, owner.token, 'GET', '/developers/keys')).json() as { data: ApiKeyList }).data;
    for (const key of keys.filter((one) => !one.revokedAt))
      expect((await call(app, owner.token, 'DELETE', `/developers/keys/${key._id}`)).statusCode).toBe(200);

    // The trial's two seats: the editor leaves before the admin comes.
    const editor = await memberAs(app, owner, 'editor');
    expect((await call(app, editor.token, 'GET', '/developers/keys')).statusCode).toBe(403);
    expect((await call(app, editor.token, 'POST', '/developers/keys', { name: 'Mine', scopes: ['ask'] })).statusCode).toBe(403);
    expect((await call(app, owner.token, 'DELETE', `/team/members/${editor.userId}`)).statusCode).toBe(200);
    const admin = await memberAs(app, owner, 'admin');
    const { secret } = await createKey(admin.token, { name: "Admin's", scopes: ['ask'], sparkIds: [shop] });
    expect((await developer(base, secret).json('POST', `/sparks/${shop}/ask`, { message: 'How much is the linen shirt?' })).status).toBe(200);
    expect((await call(app, owner.token, 'DELETE', `/team/members/${admin.userId}`)).statusCode).toBe(200);
    expect((await developer(base, secret).json('POST', `/sparks/${shop}/ask`, { message: 'How much is the linen shirt?' })).status).toBe(401);

    // Every use is in the audit log, naming the key.
    const events = ((await call(app, owner.token, 'GET', '/team/audit')).json() as { data: { events: AuditEvent[] } }).data.events;
    const kinds = new Set(events.map((event) => event.kind));
    for (const kind of ['api-key.created', 'api-key.revoked', 'api-key.used', 'document.added', 'document.removed'] as const) expect(kinds).toContain(kind);
    const added = events.find((event) => event.kind === 'document.added' && event.detail.key);
    expect(added?.detail).toMatchObject({ sparkId: shop, route: 'POST /api/v1/sparks/:sparkId/documents' });
    expect(added?.detail.key).toMatch(/^spk_/);
  });

  it('answers a flood from one key with 429 and Retry-After, without slowing another key', async () => {
    const stranger = { token: (await verifiedAccount(app)).tokens.access_token };
    const spark = (await chatClient(app, stranger.token).newSpark())._id;
    const flood = await createKey(stranger.token, { name: 'Flood', scopes: ['knowledge.read'] });
    const calm = await createKey(stranger.token, { name: 'Calm', scopes: ['knowledge.read'] });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let sent = 0; sent < 41; sent += 1) {
      last = await developer(base, flood.secret).json('GET', `/sparks/${spark}/documents`);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    expect(((await last!.json()) as { code: string }).code).toBe('RATE_LIMITED');
    expect((await developer(base, calm.secret).json('GET', `/sparks/${spark}/documents`)).status).toBe(200);
  });
});
