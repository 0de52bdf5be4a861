import { gunzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { and, eq } from 'drizzle-orm';
import type { WidgetMessage, WidgetTurn } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { tenants, usageCounters } from '../../db/schema.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient, parseEventStream } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { subscribe } from '#test/billing-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { widgetClient } from '#test/widget-helpers.js';

const SHOP = 'https://shop.example';
const RETURNS = Buffer.from('# Returns\n\nBicycles can be returned within 30 days of purchase with the receipt. Refunds go back to the original card.\n');

describe.each(testDatabaseTargets())('the website widget API on $name', (target) => {
  const app = appOnTarget(target, { WIDGET_TURNS_PER_VISITOR: '4' });

  const stepsOf = async (token: string, id: string) => {
    const response = await app().inject({ method: 'GET', url: `/api/v1/objectives/${id}?lang=en`, headers: { authorization: `Bearer ${token}` } });
    return Object.fromEntries(
      (response.json().data as Array<{ steps: Array<{ _id: string; status: string }> }>).flatMap((objective) =>
        objective.steps.map((step) => [step._id, step.status]),
      ),
    );
  };

  async function deployedSpark() {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const widget = widgetClient(app(), tokens.access_token);
    const { deployToken } = await widget.deployment(spark._id);
    const profile = await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${tokens.access_token}` } });
    const tenantId = (profile.json().data as { tenants: Array<{ _id: string }> }).tenants[0]!._id;
    return { tokens, spark, widget, deployToken, tenantId };
  }

  it('stays off until the owner allows a website, then shows only the public look there', async () => {
    const { tokens, spark, widget, deployToken } = await deployedSpark();
    const deployment = await widget.deployment(spark._id);
    expect(deployment).toMatchObject({ sparkId: spark._id, allowedOrigins: [] });
    expect(deployment.snippet).toMatch(new RegExp(`^<script src="http://[^"]+/widget\\.js" data-spark="${deployToken}" async></script>$`));

    const refused = await widget.look(deployToken, SHOP);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ORIGIN_NOT_ALLOWED',
      errors: [`This assistant is not enabled on ${SHOP}. Its owner can add this website in Sparks, under Deploy.`],
    });
    expect((await widget.frame(deployToken, `${SHOP}/contact`)).statusCode).toBe(403);

    for (const bad of [
      ['javascript:alert(1)'],
      ['ftp://shop.example'],
      ['https://*.example'],
      ['https://a;b.example'],
      ['https://a,b.example'],
      ['https://user:pw@shop.example'],
      ['x'.repeat(300)],
      Array.from({ length: 21 }, (_, i) => `s${i}.example`),
      [42],
    ]) {
      expect((await widget.allow(spark._id, bad)).statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
    }
    const before = await stepsOf(tokens.access_token, 'deploy');
    expect([before['deploy:domain'], before['deploy:live']]).toEqual(['pending', 'pending']);
    const allowed = await widget.allow(spark._id, ['shop.example', `${SHOP}/any/page`, 'http://localhost:8080']);
    expect(allowed.statusCode, allowed.payload).toBe(200);
    expect(allowed.json().data.allowedOrigins).toEqual([SHOP, 'http://localhost:8080']);
    // Allowing a website completes that deploy step, and puts the Spark's own step under way.
    expect((await stepsOf(tokens.access_token, 'deploy'))['deploy:domain']).toBe('completed');
    expect((await stepsOf(tokens.access_token, spark._id))[`${spark._id}:publish:embed`]).toBe('inProgress');

    const look = await widget.look(deployToken, SHOP);
    expect(look.statusCode).toBe(200);
    expect(look.headers['access-control-allow-origin']).toBe(SHOP);
    expect(look.headers['access-control-allow-credentials']).toBeUndefined();
    expect(look.json().data).toEqual({
      name: 'Spark Nuevo',
      // The product's own welcome, in the visitor's language (English when the browser names none).
      initialMessage: 'Welcome to your new Spark',
      theme: expect.objectContaining({ icon: { name: 'chat' } }),
      suggestedQuestions: [],
      privacyUrl: expect.stringMatching(/^http:\/\/[^/]+\/privacy$/),
    });
    expect(look.payload).not.toContain('sysPrompt');
    expect((await widget.look(deployToken, 'https://evil.example')).statusCode).toBe(403);

    const frame = await widget.frame(deployToken, `${SHOP}/contact`);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${SHOP} http://localhost:8080`);
    expect(frame.headers['x-frame-options']).toBeUndefined();
    expect(frame.payload).not.toMatch(/<script>(?!<)/);
    // Opened as a page of its own (a link, a pop-up), the chat refuses: it exists only inside a website.
    const direct = await app().inject({ method: 'GET', url: `/widget/frame/${deployToken}`, headers: { 'sec-fetch-dest': 'document' } });
    expect(direct.statusCode).toBe(403);

    // The owner's deploy panel shows the real chat once the Spark is on a website, not before
    // (a Referer naming our own pages is easy to fake).
    const bare = await deployedSpark();
    const own = new URL((await bare.widget.deployment(bare.spark._id)).snippet.match(/src="([^"]+)"/)![1]!).origin;
    expect((await bare.widget.frame(bare.deployToken, `${own}/spark/${bare.spark._id}`)).statusCode).toBe(403);
    await bare.widget.allow(bare.spark._id, [SHOP]);
    const preview = await bare.widget.frame(bare.deployToken, `${own}/spark/${bare.spark._id}`);
    expect(preview.statusCode).toBe(200);
    const asked = await bare.widget.ask(bare.deployToken, 'Hello', { origin: own, 'x-sparks-ticket': bare.widget.ticketOf(preview.payload) });
    expect(asked.statusCode, asked.payload).toBe(200);
  });

  it("answers a visitor from the Spark's documents with citations, keeps their conversation, and shows it to the owner", async () => {
    const { tokens, spark, widget, deployToken } = await deployedSpark();
    await widget.allow(spark._id, [SHOP]);
    await documentsClient(app(), tokens.access_token).uploadReady(spark._id, 'returns.md', RETURNS);
    const ticket = widget.ticketOf((await widget.frame(deployToken, `${SHOP}/help`)).payload);

    const first = await widget.ask(deployToken, 'How many days do I have to return a bicycle?', { 'x-sparks-ticket': ticket });
    expect(first.statusCode, first.payload).toBe(200);
    const turn = first.json().data as WidgetTurn;
    expect(turn.visitorToken).toMatch(/^vt_/);
    expect(first.headers['x-sparks-visitor']).toBe(turn.visitorToken);
    expect(turn.messages.map((message) => message.role)).toEqual(['spark']);
    const answer = turn.messages[0]!;
    expect(answer.content).toContain('30 days');
    expect(answer.citations?.[0]).toMatchObject({ title: 'returns.md' });
    expect(JSON.stringify(answer)).not.toMatch(/chunkId|documentId|sysPrompt/);

    const visitor = { 'x-sparks-ticket': ticket, 'x-sparks-visitor': turn.visitorToken, accept: 'text/event-stream' };
    const streamed = await widget.ask(deployToken, 'And the refund?', visitor);
    const events = parseEventStream(streamed.payload);
    expect(events.map((event) => event.event)).toContain('delta');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { visitorToken: turn.visitorToken } });

    const history = (await widget.history(deployToken, visitor)).json().data.messages as WidgetMessage[];
    expect(history.map((message) => [message.role, message.role === 'visitor' ? message.content : ''])).toEqual([
      ['visitor', 'How many days do I have to return a bicycle?'],
      ['spark', ''],
      ['visitor', 'And the refund?'],
      ['spark', ''],
    ]);
    // Another visitor (or a made-up session) sees nothing of it.
    expect((await widget.history(deployToken, { 'x-sparks-ticket': ticket, 'x-sparks-visitor': `vt_${'a'.repeat(43)}` })).json().data.messages).toEqual([]);

    const listed = await widget.conversations(spark._id);
    expect(listed.json().data).toEqual([expect.objectContaining({ messages: 4, preview: 'How many days do I have to return a bicycle?' })]);
    expect((await widget.conversations(spark._id, 'refund')).json().data).toHaveLength(1);
    expect((await widget.conversations(spark._id, '100%_off')).json().data).toHaveLength(0);
    const conversationId = listed.json().data[0].id as string;
    const read = await app().inject({
      method: 'GET',
      url: `/api/v1/llm/chat-history/${conversationId}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(read.json().data.messages).toHaveLength(4);

    // A visitor's conversation is the proof the Spark is live: both objectives say so.
    expect((await stepsOf(tokens.access_token, spark._id))[`${spark._id}:publish:embed`]).toBe('completed');
    expect((await stepsOf(tokens.access_token, 'deploy'))['deploy:live']).toBe('completed');

    const stranger = await verifiedAccount(app());
    expect((await widgetClient(app(), stranger.tokens.access_token).conversations(spark._id)).statusCode).toBe(404);
    expect((await widgetClient(app(), stranger.tokens.access_token).allow(spark._id, [SHOP])).statusCode).toBe(404);
  });

  it('keeps one conversation for a visitor who asks twice at once before the first answer is stored', async () => {
    const { spark, widget, deployToken } = await deployedSpark();
    await widget.allow(spark._id, [SHOP]);
    const ticket = widget.ticketOf((await widget.frame(deployToken, `${SHOP}/help`)).payload);
    // A session the browser already holds (two tabs of the website) with nothing stored for it yet.
    const visitor = { 'x-sparks-ticket': ticket, 'x-sparks-visitor': `vt_${'q'.repeat(43)}` };
    const asked = await Promise.all([widget.ask(deployToken, 'Do you ship to Spain?', visitor), widget.ask(deployToken, 'And to Portugal?', visitor)]);
    expect(asked.map((response) => response.statusCode)).toEqual([200, 200]);

    const listed = (await widget.conversations(spark._id)).json().data as Array<{ messages: number }>;
    expect(listed).toEqual([expect.objectContaining({ messages: 4 })]);
    const history = (await widget.history(deployToken, visitor)).json().data.messages as WidgetMessage[];
    expect(
      history
        .filter((message) => message.role === 'visitor')
        .map((message) => message.content)
        .sort(),
    ).toEqual(['And to Portugal?', 'Do you ship to Spain?']);

    // Another Spark's visitor with the same session keeps a conversation of their own.
    const other = await deployedSpark();
    await other.widget.allow(other.spark._id, [SHOP]);
    const otherTicket = other.widget.ticketOf((await other.widget.frame(other.deployToken, `${SHOP}/help`)).payload);
    expect((await other.widget.ask(other.deployToken, 'Hello', { ...visitor, 'x-sparks-ticket': otherTicket })).statusCode).toBe(200);
    expect((await other.widget.conversations(other.spark._id)).json().data).toEqual([expect.objectContaining({ messages: 2 })]);
    expect((await widget.conversations(spark._id)).json().data).toEqual([expect.objectContaining({ messages: 4 })]);
  });

  it("refuses another Spark's ticket, a forged one, a website taken off the list and a rotated token", async () => {
    const a = await deployedSpark();
    const b = await deployedSpark();
    await a.widget.allow(a.spark._id, [SHOP]);
    await b.widget.allow(b.spark._id, [SHOP]);
    const ticketA = a.widget.ticketOf((await a.widget.frame(a.deployToken, SHOP)).payload);

    expect((await b.widget.ask(b.deployToken, 'Hi', { 'x-sparks-ticket': ticketA })).statusCode).toBe(403);
    expect((await a.widget.ask(a.deployToken, 'Hi')).statusCode).toBe(403);
    expect((await a.widget.ask(a.deployToken, 'Hi', { 'x-sparks-ticket': `${ticketA.slice(0, -4)}AAAA` })).statusCode).toBe(403);
    expect((await a.widget.ask(a.deployToken, 'Hi', { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await a.widget.ask(a.deployToken, 'Hi', { origin: SHOP })).statusCode).toBe(200);
    for (const body of [{ text: '' }, { text: 'x'.repeat(4001) }, { text: 'Hi', sparkId: b.spark._id }, { text: 42 }]) {
      const response = await app().inject({
        method: 'POST',
        url: `/api/v1/widget/${a.deployToken}/chat`,
        headers: { 'x-sparks-ticket': ticketA },
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await a.widget.look('dpl_does_not_exist_at_all', SHOP)).statusCode).toBe(404);
    expect((await a.widget.look('<script>', SHOP)).statusCode).toBe(400);

    await a.widget.allow(a.spark._id, []);
    const removed = await a.widget.ask(a.deployToken, 'Hi', { 'x-sparks-ticket': ticketA });
    expect(removed.statusCode).toBe(403);
    expect(removed.json().code).toBe('ORIGIN_NOT_ALLOWED');

    await b.widget.rotate(b.spark._id);
    expect((await b.widget.look(b.deployToken, SHOP)).statusCode).toBe(404);
    const { deployToken: fresh } = await b.widget.deployment(b.spark._id);
    expect(fresh).not.toBe(b.deployToken);
    expect((await b.widget.look(fresh, SHOP)).statusCode).toBe(200);
  });

  it('serves the loader compressed to any website, and the frame files to our own pages', async () => {
    const loader = await app().inject({ method: 'GET', url: '/widget.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(loader.statusCode).toBe(200);
    expect(loader.headers).toMatchObject({ 'content-encoding': 'gzip', 'cross-origin-resource-policy': 'cross-origin', vary: 'accept-encoding' });
    expect(loader.headers['content-type']).toContain('text/javascript');
    const source = gunzipSync(loader.rawPayload).toString();
    expect(source).toContain('data-spark');
    expect((await app().inject({ method: 'GET', url: '/widget.js' })).payload).toBe(source);
    const frameScript = await app().inject({ method: 'GET', url: '/widget/frame.js', headers: { 'accept-encoding': 'br' } });
    expect(frameScript.headers['content-encoding']).toBe('br');
    expect(frameScript.headers['cross-origin-resource-policy']).toBe('same-origin');

    const plugin = await app().inject({ method: 'GET', url: '/widget/sparks-chat-wordpress.zip' });
    expect(plugin.headers['content-type']).toBe('application/zip');
    expect(Object.keys(unzipSync(new Uint8Array(plugin.rawPayload)))).toEqual([
      'sparks-chat/readme.txt',
      'sparks-chat/sparks-chat.php',
      'sparks-chat/uninstall.php',
    ]);
  });

  it("puts only as many Sparks on websites as the plan's deployments allow, even when asked at once", async () => {
    const { tokens, spark, widget, tenantId } = await deployedSpark();
    const chat = chatClient(app(), tokens.access_token);
    const second = await chat.newSpark();
    const third = await chat.newSpark();
    // The trial allows one live Spark: of two asked at once, one goes live.
    const racing = await Promise.all([widget.allow(spark._id, [SHOP]), widget.allow(second._id, [SHOP])]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 402]);
    const refused = racing.find((response) => response.statusCode === 402)!;
    expect(refused.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      errors: ['Your plan allows 1 Spark on websites. Remove the websites of another Spark or upgrade your plan.'],
    });
    const live = racing[0]!.statusCode === 200 ? spark : second;
    expect((await widget.allow(live._id, [SHOP, 'https://blog.example'])).statusCode).toBe(200);
    expect((await widget.allow(third._id, [SHOP])).statusCode).toBe(402);
    // At its own limit, a stranger asking for the owner's Spark learns "not found", never what its plan allows.
    const stranger = await deployedSpark();
    expect((await stranger.widget.allow(stranger.spark._id, [SHOP])).statusCode).toBe(200);
    expect((await stranger.widget.allow(third._id, [SHOP])).statusCode).toBe(404);
    expect((await widget.allow(live._id, [])).statusCode).toBe(200);
    expect((await widget.allow(third._id, [SHOP])).statusCode).toBe(200);
    await subscribe(app(), tokens.access_token, 'emerald');
    expect((await widget.allow(live._id, [SHOP])).statusCode).toBe(200);
    const others = [spark, second].filter((item) => item._id !== live._id);
    expect((await widget.allow(others[0]!._id, [SHOP])).statusCode).toBe(200);
    // Back on a plan with fewer deployments, the oldest Sparks on websites keep answering; the rest pause.
    await app().database.db.update(tenants).set({ planSlug: 'ruby' }).where(eq(tenants.id, tenantId));
    const asks = await Promise.all(
      [spark, second, third].map(async (item) => (await widget.ask((await widget.deployment(item._id)).deployToken, 'Open?', { origin: SHOP })).statusCode),
    );
    expect(asks).toEqual([200, 402, 402]);
  });

  it('limits questions per visitor (429), counts them against the plan (402), and pauses with an inactive owner (423)', async () => {
    const { spark, widget, deployToken, tenantId } = await deployedSpark();
    await widget.allow(spark._id, [SHOP]);
    const first = await widget.ask(deployToken, 'One', { origin: SHOP });
    const visitor = { origin: SHOP, 'x-sparks-visitor': (first.json().data as WidgetTurn).visitorToken };
    const statuses = [];
    // The first question has no session yet and counts only per address; then 4 a minute per visitor.
    for (const text of ['Two', 'Three', 'Four', 'Five', 'Six']) statuses.push((await widget.ask(deployToken, text, visitor)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);

    const period = new Date().toISOString().slice(0, 7);
    const counted = await app()
      .database.db.select()
      .from(usageCounters)
      .where(and(eq(usageCounters.tenantId, tenantId), eq(usageCounters.period, period)));
    expect(counted[0]?.interactions).toBe(5);
    await app().database.db.update(usageCounters).set({ interactions: 10_000 }).where(eq(usageCounters.tenantId, tenantId));
    const limited = await widget.ask(deployToken, 'Over the limit', { origin: SHOP });
    expect(limited.statusCode).toBe(402);

    await app().database.db.update(tenants).set({ status: 'inactive' }).where(eq(tenants.id, tenantId));
    expect((await widget.ask(deployToken, 'Paused?', { origin: SHOP })).statusCode).toBe(423);
  });
});
