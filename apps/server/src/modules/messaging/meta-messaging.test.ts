import type { LiveConversation, MessagingChannel } from '@sparks/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { memberAs } from '#test/team-helpers.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import { GRAPH_FAILURES, startFakeMetaGraph, type FakePage } from '../../../../../test/support/fake-meta-graph.js';
import { messageFeedback, messagingChannels, messagingMessages } from '../../db/schema.js';
import { MESSAGING_REPLY_JOB } from './messaging-inbox.js';

const BAKERY = `# Panadería La Espiga

## Pan sin gluten
Sí, tenemos pan sin gluten todos los días: la barra sin gluten cuesta 3,50 € y se hornea en un obrador separado, sin trazas de trigo.
`;
const APP_SECRET = 'fedcba9876543210fedcba9876543210';
const page = (index: number): FakePage => ({
  id: `10${index}5403522429`,
  name: `La Espiga ${index}`,
  accessToken: `EAAPageToken${index}ZCpsBAKZCrDfZBBRealLooking`,
  instagram: { id: `1784140582230491${index}`, username: `la_espiga_${index}` },
});
const PAGES = Array.from({ length: 10 }, (_, index) => page(index));

describe.each(testDatabaseTargets())('a Spark on Messenger and Instagram on $name', (target) => {
  let graph: Awaited<ReturnType<typeof startFakeMetaGraph>>;
  const env: Record<string, string> = { RATE_LIMIT_MAX: '100000' };
  beforeAll(async () => {
    graph = await startFakeMetaGraph(PAGES);
    env.META_GRAPH_URL = graph.graphUrl;
  });
  afterAll(() => graph?.close());
  const app = appOnTarget(target, env);
  let next = 0;

  /** The bakery's Spark connected to its Page (and the Page's Instagram), and Meta's side of it. */
  async function connected() {
    const shop = await liveWidgetSpark(app());
    await documentsClient(app(), shop.token).uploadReady(shop.spark._id, 'panaderia.md', Buffer.from(BAKERY));
    const fb = PAGES[next++]!;
    const call = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST', path = '', payload?: unknown, token = shop.token, sparkId = shop.spark._id) =>
      app().inject({
        method,
        url: `/api/v1/sparks/${sparkId}/channels/meta${path}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const put = await call('PUT', '', { pageId: fb.id, pageAccessToken: fb.accessToken, appSecret: APP_SECRET });
    expect(put.statusCode, put.payload).toBe(200);
    expect(put.payload).not.toContain(fb.accessToken);
    expect(put.payload).not.toContain(APP_SECRET);
    const channel = (put.json() as { data: MessagingChannel }).data;
    const webhook = new URL(channel.webhookUrl!).pathname;
    const post = (raw: string, signature: string | null, path = webhook) =>
      app().inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature-256': signature }) },
        payload: raw,
      });
    const deliver = (surface: 'messenger' | 'instagram', events: Parameters<typeof graph.delivery>[3], secret = APP_SECRET) => {
      const delivery = graph.delivery(surface, fb, secret, events);
      return { ...delivery, response: post(delivery.raw, delivery.signature) };
    };
    const card = async () => ((await call('GET')).json() as { data: MessagingChannel }).data;
    const replied = () => app().jobs.idle(MESSAGING_REPLY_JOB);
    const to = (id: string) => graph.sent.filter((message) => message.to === id);
    return { ...shop, fb, call, channel, webhook, post, deliver, card, replied, to };
  }

  it('connects a Page with its token and app secret: its Instagram is found, the app subscribed, and nothing secret comes back', async () => {
    const shop = await connected();
    expect(shop.channel).toMatchObject({
      platform: 'meta',
      connected: true,
      accountId: shop.fb.id,
      name: shop.fb.name,
      instagram: { id: shop.fb.instagram!.id, username: shop.fb.instagram!.username },
    });
    expect(shop.channel.verifyToken).toMatch(/^sparks_[\w-]{20,}$/);
    expect(graph.subscribed).toContainEqual({ pageId: shop.fb.id, fields: expect.stringContaining('messages') });
    const read = await shop.call('GET');
    expect(read.payload).not.toContain(shop.fb.accessToken);
    expect(read.payload).not.toContain(APP_SECRET);
    const [row] = await app().database.db.select().from(messagingChannels).where(eq(messagingChannels.accountId, shop.fb.id));
    expect(JSON.stringify(row)).not.toContain(shop.fb.accessToken);
    expect(JSON.stringify(row)).not.toContain(APP_SECRET);

    // Meta's check of the Callback URL.
    const check = (token: string) =>
      app().inject({ method: 'GET', url: `${shop.webhook}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=8842` });
    expect((await check(shop.channel.verifyToken!)).payload).toBe('8842');
    expect((await check('sparks_wrong')).statusCode).toBe(403);

    // Another Page's token for this Page id, and a token Meta does not know, are refused with the reason.
    const wrong = await shop.call('PUT', '', { pageId: shop.fb.id, pageAccessToken: PAGES[9]!.accessToken, appSecret: APP_SECRET });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).errors.join(' ')).toMatch(/not the Page’s/);
    const unknown = await shop.call('PUT', '', { pageId: shop.fb.id, pageAccessToken: 'EAAUnknownTokenZCpsBAKZCrDfZBB', appSecret: APP_SECRET });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).errors.join(' ')).toMatch(/expired or was revoked/);
    // Fields the contract does not have are refused, not kept.
    const forged = await shop.call('PUT', '', { pageId: shop.fb.id, pageAccessToken: shop.fb.accessToken, appSecret: APP_SECRET, instagramId: '1' });
    expect(forged.statusCode).toBe(400);

    // Another account cannot connect the same Page, nor read this Spark's channel.
    const other = await verifiedAccount(app());
    const theirs = (
      await app().inject({ method: 'POST', url: '/api/v1/sparks', headers: { authorization: `Bearer ${other.tokens.access_token}` }, payload: {} })
    ).json() as {
      data: { _id: string };
    };
    const taken = await shop.call(
      'PUT',
      '',
      { pageId: shop.fb.id, pageAccessToken: shop.fb.accessToken, appSecret: APP_SECRET },
      other.tokens.access_token,
      theirs.data._id,
    );
    expect(taken.statusCode).toBe(409);
    expect((await shop.call('GET', '', undefined, other.tokens.access_token)).statusCode).toBe(404);
  });

  it('answers “¿tenéis pan sin gluten?” on Instagram with the cited answer, once however often Meta delivers it', async () => {
    const shop = await connected();
    const customer = '6254117801297533';
    const first = shop.deliver('instagram', [{ from: customer, text: '¿Tenéis pan sin gluten?' }]);
    expect((await first.response).statusCode).toBe(200);
    await shop.replied();
    const [answer] = shop.to(customer);
    expect(answer?.pageId).toBe(shop.fb.id);
    expect(answer?.messagingType).toBe('RESPONSE');
    expect(answer?.text).toMatch(/sin gluten/i);
    expect(answer?.text).toMatch(/Fuentes:\n\[1\] panaderia/);
    expect(Buffer.byteLength(answer!.text)).toBeLessThanOrEqual(1000);
    expect(graph.actions.filter((action) => action.to === customer).map((action) => action.action)).toEqual(['mark_seen', 'typing_on']);
    expect((await shop.post(first.raw, first.signature)).statusCode).toBe(200);
    await shop.replied();
    expect(shop.to(customer)).toHaveLength(1);

    // The Page's own messages come back as echoes: not questions.
    await shop.deliver('instagram', [{ from: customer, text: 'Gracias por escribirnos', echo: true }]).response;
    await shop.replied();
    expect(shop.to(customer)).toHaveLength(1);

    // A like on the answer is a vote; taken back, the vote goes.
    await shop.deliver('instagram', [{ from: customer, reaction: { mid: answer!.id, action: 'react', reaction: 'like', emoji: '👍' } }]).response;
    const votes = () => app().database.db.select().from(messageFeedback).where(eq(messageFeedback.sparkId, shop.spark._id));
    expect((await votes()).map((vote) => vote.rating)).toEqual(['up']);
    await shop.deliver('instagram', [{ from: customer, reaction: { mid: answer!.id, action: 'unreact' } }]).response;
    expect(await votes()).toEqual([]);

    // A story mention is thanked, with the way to ask.
    await shop.deliver('instagram', [{ from: customer, attachment: 'story_mention' }]).response;
    await shop.replied();
    expect(shop.to(customer).at(-1)?.text).toMatch(/^¡Gracias por la mención!/);

    // The Live view and the insights say where the conversation is.
    const auth = { authorization: `Bearer ${shop.token}` };
    const [conversation] = (
      (await app().inject({ method: 'GET', url: `/api/v1/sparks/${shop.spark._id}/live`, headers: auth })).json() as { data: LiveConversation[] }
    ).data;
    expect(conversation?.channel).toBe('instagram');
    const insights = (await app().inject({ method: 'GET', url: `/api/v1/sparks/${shop.spark._id}/insights?days=7`, headers: auth })).json() as {
      data: { totals: { byChannel: Record<string, number> } };
    };
    expect(insights.data.totals.byChannel).toMatchObject({ instagram: 1, messenger: 0 });
  });

  it('refuses forged, unsigned and malformed deliveries with nothing sent, and keeps to Meta’s window', async () => {
    const shop = await connected();
    const sentBefore = graph.sent.length;
    const forged = graph.delivery('messenger', shop.fb, '00000000000000000000000000000000', [{ from: '3101', text: '¿Tenéis pan sin gluten?' }]);
    expect((await shop.post(forged.raw, forged.signature)).statusCode).toBe(401);
    expect((await shop.post(forged.raw, null)).statusCode).toBe(401);
    const other = await connected();
    const mine = graph.delivery('messenger', shop.fb, APP_SECRET, [{ from: '3101', text: '¿Tenéis pan sin gluten?' }]);
    // This Page's signed delivery posted to another channel's address: signed with the same secret, but not for that Page.
    expect((await shop.post(mine.raw, mine.signature, other.webhook)).statusCode).toBe(200);
    const bad = '{"object": "page", "entry": [';
    expect((await shop.post(bad, `sha256=${(await import('node:crypto')).createHmac('sha256', APP_SECRET).update(bad).digest('hex')}`)).statusCode).toBe(400);
    const huge = JSON.stringify({ object: 'page', entry: [{ id: shop.fb.id, messaging: [{ text: 'a'.repeat(1_100_000) }] }] });
    expect((await shop.post(huge, 'sha256=00')).statusCode).toBe(413);
    await shop.replied();
    expect(graph.sent.length).toBe(sentBefore);

    // A message delivered a day late is past the window: not answered, and the card says why.
    await shop.deliver('messenger', [{ from: '3102', text: '¿Tenéis pan sin gluten?', minutesAgo: 25 * 60 }]).response;
    await shop.replied();
    expect(shop.to('3102')).toEqual([]);
    expect((await shop.card()).lastProblem).toMatchObject({ kind: 'window' });
  });

  it('lets a person take a Messenger conversation over from Live, with the HUMAN_AGENT tag after a day and not after a week', async () => {
    const shop = await connected();
    const customer = '4402';
    const auth = { authorization: `Bearer ${shop.token}` };
    await shop.deliver('messenger', [{ from: customer, text: 'Quiero hablar con una persona' }]).response;
    await shop.replied();
    const [conversation] = (
      (await app().inject({ method: 'GET', url: `/api/v1/sparks/${shop.spark._id}/live`, headers: auth })).json() as { data: LiveConversation[] }
    ).data;
    expect(conversation?.channel).toBe('messenger');
    const live = `/api/v1/sparks/${shop.spark._id}/live/${conversation!.id}`;
    await app().inject({ method: 'POST', url: `${live}/take-over`, headers: auth, payload: {} });
    expect(shop.to(customer).at(-1)?.text).toMatch(/se ha unido a la conversación\.$/);
    const said = await app().inject({ method: 'POST', url: `${live}/messages`, headers: auth, payload: { text: 'Hola, soy Eva.' } });
    expect(said.statusCode, said.payload).toBe(201);
    expect(shop.to(customer).at(-1)).toMatchObject({ text: 'Hola, soy Eva.', messagingType: 'RESPONSE' });

    // Two days later: the person may still reply, tagged HUMAN_AGENT; after a week, not at all.
    const age = async (hours: number) =>
      app()
        .database.db.update(messagingMessages)
        .set({ sentAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(messagingMessages.sender, customer));
    await age(48);
    await shop.deliver('messenger', [{ from: customer, text: '¿Seguís ahí?', minutesAgo: 48 * 60 }]).response;
    await shop.replied();
    await age(48);
    const late = await app().inject({ method: 'POST', url: `${live}/messages`, headers: auth, payload: { text: 'Sí, perdona la espera.' } });
    expect(late.statusCode, late.payload).toBe(201);
    expect(shop.to(customer).at(-1)).toMatchObject({ text: 'Sí, perdona la espera.', messagingType: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });
    await age(8 * 24);
    const tooLate = await app().inject({ method: 'POST', url: `${live}/messages`, headers: auth, payload: { text: '¿Hola?' } });
    expect(tooLate.statusCode).toBe(409);
    expect(errorOf(tooLate).errors.join(' ')).toMatch(/more than 7 days ago/);
  });

  it('lets the owner’s assistant (an agent of the team) take an Instagram conversation over and hand it back, answered by the Spark', async () => {
    const shop = await connected();
    const agent = await memberAs(app(), shop, 'agent');
    const auth = { authorization: `Bearer ${agent.token}` };
    const customer = '6254117801297599';
    await shop.deliver('instagram', [{ from: customer, text: 'Hola, ¿hay alguien?' }]).response;
    await shop.replied();
    const [conversation] = (
      (await app().inject({ method: 'GET', url: `/api/v1/sparks/${shop.spark._id}/live`, headers: auth })).json() as { data: LiveConversation[] }
    ).data;
    expect(conversation?.channel).toBe('instagram');
    const live = `/api/v1/sparks/${shop.spark._id}/live/${conversation!.id}`;
    expect((await app().inject({ method: 'POST', url: `${live}/take-over`, headers: auth, payload: {} })).statusCode).toBe(200);
    expect(shop.to(customer).at(-1)?.text).toMatch(/se ha unido a la conversación\.$/);
    const said = await app().inject({ method: 'POST', url: `${live}/messages`, headers: auth, payload: { text: 'Hola, soy Marta, de la panadería.' } });
    expect(said.statusCode, said.payload).toBe(201);
    expect(shop.to(customer).at(-1)?.text).toBe('Hola, soy Marta, de la panadería.');
    // The customer asks while Marta has it; she hands back without answering: the Spark answers, cited.
    const count = shop.to(customer).length;
    await shop.deliver('instagram', [{ from: customer, text: '¿Tenéis pan sin gluten?' }]).response;
    await shop.replied();
    expect(shop.to(customer)).toHaveLength(count);
    expect((await app().inject({ method: 'POST', url: `${live}/hand-back`, headers: auth, payload: {} })).statusCode).toBe(200);
    await shop.replied();
    const after = shop
      .to(customer)
      .slice(count)
      .map((message) => message.text);
    expect(after[0]).toMatch(/ha salido de la conversación/);
    expect(after.some((text) => /sin gluten/i.test(text) && /Fuentes:\n\[1\] panaderia/.test(text))).toBe(true);
    // An agent answers conversations; changing the channel is the editors'.
    expect((await shop.call('PATCH', '', { paused: true }, agent.token)).statusCode).toBe(403);
  });

  it('shows an expired Page token on the card, and a test message reaches the last person who wrote', async () => {
    const shop = await connected();
    expect((await shop.call('POST', '/test')).statusCode).toBe(409);
    await shop.deliver('messenger', [{ from: '5503', text: '¿Tenéis pan sin gluten?' }]).response;
    // Expired, every call fails: "seen" first, then the answer.
    graph.failNext(GRAPH_FAILURES.expiredToken, GRAPH_FAILURES.expiredToken);
    await shop.replied();
    expect((await shop.card()).lastProblem).toMatchObject({ kind: 'token', code: 190 });
    const test = await shop.call('POST', '/test');
    expect(test.statusCode, test.payload).toBe(200);
    expect(shop.to('5503').at(-1)?.text).toMatch(/test message from Sparks|mensaje de prueba de Sparks/);
    expect((await shop.card()).lastProblem).toBeNull();
  });
});
