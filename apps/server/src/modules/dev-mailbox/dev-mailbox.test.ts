import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { freshEmail, register } from '#test/accounts-helpers.js';
import { startTestApp } from '#test/test-app.js';
import { canMakeNetworkNamespace, networkNamespace } from '#test/network-namespace.js';

describe('development mailbox', () => {
  const harnesses: Array<Awaited<ReturnType<typeof startTestApp>>> = [];
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((harness) => harness.stop()));
  });

  it('lists outbox mail newest first, escaped, and filters by recipient', async () => {
    const harness = await startTestApp(undefined);
    harnesses.push(harness);
    const email = freshEmail('mailbox');
    await register(harness.app, email);
    const page = await harness.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.payload).toContain('Your Sparks verification code');
    const json = await harness.app.inject({ method: 'GET', url: `/dev/mailbox/messages?to=${encodeURIComponent(email)}` });
    const messages = (json.json() as { data: Array<{ to: string; text: string }> }).data;
    expect(messages).toHaveLength(1);
    expect(messages[0]?.to).toBe(email);
  });

  it('refuses a control character in the address with a 400, and logs input the database refuses as one line without a stack', async () => {
    const lines: string[] = [];
    const harness = await startTestApp(
      undefined,
      { LOG_LEVEL: 'warn' },
      (app) => {
        // A value only the database can refuse (a NUL in text), through the real error handler.
        app.get('/probe/nul', { config: { access: 'public' } }, async () => app.database.db.execute(sql`select ${'a\u0000b'}::text as value`));
      },
      { write: (line) => void lines.push(line) },
    );
    harnesses.push(harness);
    const refused = await harness.app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=ana%00%40example.com' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: ['querystring.to: must be an e-mail address'] });

    const probe = await harness.app.inject({ method: 'GET', url: '/probe/nul' });
    expect(probe.statusCode).toBe(400);
    expect(probe.json()).toMatchObject({ errors: ['The request holds a value that cannot be stored'] });
    const warnings = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'input the database refused');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, sqlState: expect.stringMatching(/^22/), reason: expect.any(String) });
    expect(warnings[0]).not.toHaveProperty('err');
    expect(lines.join('')).not.toMatch(/\bat .+:\d+:\d+\)/);
  });

  it('answers only this machine: another address, a forwarded request or a trusted proxy get 404', async () => {
    const harness = await startTestApp(undefined, { TRUST_PROXY: 'true' });
    harnesses.push(harness);
    await register(harness.app, freshEmail('mailbox'));
    const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      harness.app.inject({ method: 'GET', url, remoteAddress, headers });
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages']) {
      for (const local of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect((await get(url, local)).statusCode, `${url} from ${local}`).toBe(200);
      for (const remote of ['203.0.113.9', '192.0.2.2', '::ffff:203.0.113.9', 'fd00::2', '10.0.0.1']) {
        const refused = await get(url, remote);
        expect(refused.statusCode, `${url} from ${remote}`).toBe(404);
        expect(refused.payload).not.toContain('verification code');
      }
      // A proxy on this machine passing on someone else's request, and a stranger claiming to be local.
      expect((await get(url, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
      expect((await get(url, '127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
      expect((await get(url, '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    }
  });

  it.skipIf(!canMakeNetworkNamespace())('refuses a real connection from another host on the network, which still reaches the API', async () => {
    const harness = await startTestApp(undefined);
    harnesses.push(harness);
    await harness.app.listen({ host: '0.0.0.0', port: 0 });
    const { port } = harness.app.server.address() as AddressInfo;
    const host = networkNamespace();
    try {
      const status = async (path: string) =>
        (
          await host.run(process.execPath, [
            '-e',
            `fetch('http://${host.hostAddress}:${port}${path}').then((r) => console.log(r.status), () => console.log('unreachable'))`,
          ])
        ).trim();
      expect(await status('/api/v1/health')).toBe('200');
      expect(await status('/dev/mailbox')).toBe('404');
      expect(await status('/dev/mailbox/messages')).toBe('404');
      const local = await fetch(`http://127.0.0.1:${port}/dev/mailbox`);
      expect(local.status).toBe(200);
    } finally {
      host.remove();
    }
  });

  it('does not exist in production', async () => {
    const harness = await startTestApp(undefined, { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) });
    harnesses.push(harness);
    expect((await harness.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(404);
  });
});
