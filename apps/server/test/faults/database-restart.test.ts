import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../../../test/support/tcp-proxy.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { scratchDatabase } from '#test/scratch-database.js';
import { startTestApp } from '#test/test-app.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) console.warn('Skipping the database-restart test: TEST_DATABASE_URL names no PostgreSQL server.');

/** A PostgreSQL restart is played by a relay in front of the real server: it drops every connection and refuses new ones until resumed. */
describe.skipIf(!ADMIN_URL)('the database going away under traffic', () => {
  let database: { url: string; drop(): Promise<void> };
  let proxy: TcpProxy;
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    database = await scratchDatabase(ADMIN_URL!, 'sparks_fault');
    const url = new URL(database.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(proxy.port);
    harness = await startTestApp(url.toString(), { RATE_LIMIT_MAX: '10000' });
  });
  afterAll(async () => {
    await proxy?.resume();
    await harness?.stop();
    await proxy?.close();
    await database?.drop();
  });

  const expectUnavailable = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.payload).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      errors: ['The service is briefly unavailable. Please try again in a moment.'],
    });
  };

  it('answers 503 with a plain message while it is away, keeps nothing half-done, and recovers without a restart', async () => {
    const app = harness.app;
    const { tokens } = await verifiedAccount(app);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const list = () => app.inject({ method: 'GET', url: '/api/v1/sparks', headers });
    const create = () => app.inject({ method: 'POST', url: '/api/v1/sparks', headers });
    const count = async () => ((await list()).json() as { data: unknown[] }).data.length;
    expect((await create()).statusCode).toBe(201);
    expect((await list()).statusCode).toBe(200);

    await proxy.cut();
    const during = await Promise.all([
      list(),
      create(),
      list(),
      app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: 'nobody@example.com', password: 'Whatever-1' } }),
    ]);
    for (const response of during) expectUnavailable(response);

    await proxy.resume();
    // The pool replaces the connections it lost; the first requests may still meet one of them.
    await expect.poll(async () => (await list()).statusCode, { timeout: 20_000, interval: 200 }).toBe(200);
    expect(await count()).toBe(1);
    expect((await create()).statusCode).toBe(201);
    expect(await count()).toBe(2);
  });
});
