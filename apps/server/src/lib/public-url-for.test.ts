import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { latestMail, post, verifiedAccount } from '#test/accounts-helpers.js';
import { firstDataLine } from '#test/assistant-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { SHOP, widgetClient } from '#test/widget-helpers.js';

/** PUBLIC_URL's default in these apps (PORT unset). */
const DEFAULT = 'http://localhost:3000';
/** An address of this machine that is not loopback, when it has one. */
const OWN_ADDRESS = Object.values(networkInterfaces())
  .flatMap((entries) => entries ?? [])
  .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;

/** The addresses the owner's browser is sent to, asked with the given headers: the checkout, the deploy snippet, the assistant's embed code. */
async function linksFor(app: FastifyInstance, headers: Record<string, string>) {
  const { tokens } = await verifiedAccount(app);
  const owner = { authorization: `Bearer ${tokens.access_token}`, ...headers };
  const profile = (await app.inject({ method: 'GET', url: '/api/v1/account/profile', headers: owner })).json().data as {
    tenants: Array<{ customerId: string }>;
  };
  const checkout = await app.inject({
    method: 'POST',
    url: `/api/v1/billing/customers/${profile.tenants[0]!.customerId}/session`,
    headers: owner,
    payload: { mode: 'subscription', priceId: 'price_ruby' },
  });
  expect(checkout.statusCode, checkout.payload).toBe(200);
  const spark = await chatClient(app, tokens.access_token).newSpark();
  const deployment = await app.inject({ method: 'GET', url: `/api/v1/sparks/${spark._id}/deploy`, headers: owner });
  const say = async (text: string, sessionId?: string) =>
    firstDataLine(
      await app.inject({
        method: 'GET',
        url: '/api/v1/spark-sys/deploy/chat',
        headers: owner,
        query: { 'input[text]': text, language: 'en', ...(sessionId ? { sessionId } : {}) },
      }),
    );
  const start = await say('');
  const code = await say(spark.name, start.sessionId);
  const card = code.messages.map((message) => message.data as { type?: string; info?: Array<{ value: string }> }).find((data) => data.type === 'card');
  const scriptOrigin = (snippet: string | undefined) => /<script src="([^"]+)\/widget\.js"/.exec(snippet ?? '')?.[1];
  return {
    checkout: new URL((checkout.json().data as { sessionUrl: string }).sessionUrl).origin,
    snippet: scriptOrigin((deployment.json().data as { snippet: string }).snippet),
    embedCard: scriptOrigin(card?.info?.[0]?.value),
    publicUrlSet: (deployment.json().data as { publicUrlSet: boolean }).publicUrlSet,
  };
}

const everywhere = (origin: string) => ({ checkout: origin, snippet: origin, embedCard: origin });

describe.each(testDatabaseTargets())('links the owner follows, without PUBLIC_URL, on $name', (target) => {
  const app = appOnTarget(target);

  it('follow a loopback address in use, with its port', async () => {
    expect(await linksFor(app(), { host: '127.0.0.1:4321' })).toEqual({ ...everywhere('http://127.0.0.1:4321'), publicUrlSet: false });
    expect(await linksFor(app(), { host: 'localhost:5173' })).toMatchObject(everywhere('http://localhost:5173'));
    expect(await linksFor(app(), { host: '[::1]:4321' })).toMatchObject(everywhere('http://[::1]:4321'));
  });

  it.skipIf(!OWN_ADDRESS)("follow an address of this machine's own interfaces", async () => {
    expect(await linksFor(app(), { host: `${OWN_ADDRESS}:4321` })).toMatchObject(everywhere(`http://${OWN_ADDRESS}:4321`));
  });

  it('ignore any other Host, and X-Forwarded-Host and -Proto without TRUST_PROXY', async () => {
    expect(await linksFor(app(), { host: 'evil.example' })).toMatchObject(everywhere(DEFAULT));
    expect(await linksFor(app(), { host: '203.0.113.50:3000' })).toMatchObject(everywhere(DEFAULT));
    expect(await linksFor(app(), { host: '127.0.0.1:4321', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).toMatchObject(
      everywhere('http://127.0.0.1:4321'),
    );
  });

  it('leave e-mails on the configured address: they are opened later, anywhere', async () => {
    const { email } = await verifiedAccount(app());
    const forgot = await app().inject({ method: 'POST', url: '/api/v1/users/forgot-password', headers: { host: '127.0.0.1:4321' }, payload: { email } });
    expect(forgot.statusCode).toBe(200);
    expect((await latestMail(app(), email)).text).toContain(`${DEFAULT}/reset-password?token=`);
  });

  it("count the address in use as the app's own for the deploy panel's preview, and no other", async () => {
    const { tokens } = await verifiedAccount(app());
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const widget = widgetClient(app(), tokens.access_token);
    await widget.allow(spark._id, [SHOP]);
    const { deployToken } = await widget.deployment(spark._id);
    const frame = (host: string, referer: string) => app().inject({ method: 'GET', url: `/widget/frame/${deployToken}`, headers: { host, referer } });

    const preview = await frame('127.0.0.1:4321', `http://127.0.0.1:4321/spark/${spark._id}`);
    expect(preview.statusCode).toBe(200);
    const ticket = widget.ticketOf(preview.payload);
    const asked = await app().inject({
      method: 'POST',
      url: `/api/v1/widget/${deployToken}/chat`,
      headers: { host: '127.0.0.1:4321', origin: 'http://127.0.0.1:4321', 'x-sparks-ticket': ticket },
      payload: { text: 'Hello' },
    });
    expect(asked.statusCode, asked.payload).toBe(200);
    // A made-up Host naming the page the request claims to come from is still a website, and not an allowed one.
    expect((await frame('evil.example', `http://evil.example/spark/${spark._id}`)).statusCode).toBe(403);
    // The refusal list names real websites only: not the app's own address.
    const refusals = (await widget.deployment(spark._id)).refusals.map((refusal) => refusal.origin);
    expect(refusals).toEqual(['http://evil.example']);
  });
});

describe.each(testDatabaseTargets())('links the owner follows in production on $name', (target) => {
  const app = appOnTarget(target, { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) });

  it('never take a made-up Host; the same rule still follows loopback', async () => {
    expect(await linksFor(app(), { host: 'evil.example:443' })).toMatchObject(everywhere(DEFAULT));
    expect(await linksFor(app(), { host: '127.0.0.1:4321' })).toMatchObject(everywhere('http://127.0.0.1:4321'));
  });
});

describe.each(testDatabaseTargets())('links the owner follows with TRUST_PROXY on $name', (target) => {
  const app = appOnTarget(target, { TRUST_PROXY: 'true' });

  it("believe the proxy's X-Forwarded-Host and -Proto, under the same rule", async () => {
    const forwarded = { host: 'backend:3000', 'x-forwarded-host': 'localhost:8443', 'x-forwarded-proto': 'https' };
    expect(await linksFor(app(), forwarded)).toMatchObject(everywhere('https://localhost:8443'));
    expect(await linksFor(app(), { ...forwarded, 'x-forwarded-host': 'evil.example' })).toMatchObject(everywhere(DEFAULT));
  });
});

describe.each(testDatabaseTargets())('links the owner follows with PUBLIC_URL on $name', (target) => {
  const app = appOnTarget(target, { PUBLIC_URL: 'https://sparks.example/' });

  it('always use PUBLIC_URL, whatever address the request came in on', async () => {
    expect(await linksFor(app(), { host: '127.0.0.1:4321' })).toEqual({ ...everywhere('https://sparks.example'), publicUrlSet: true });
    const { email } = await verifiedAccount(app());
    expect((await post(app(), '/users/forgot-password', { email })).statusCode).toBe(200);
    expect((await latestMail(app(), email)).text).toContain('https://sparks.example/reset-password?token=');
  });
});
