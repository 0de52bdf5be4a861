import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '#test/test-app.js';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Whether the machine's Redis answers; CI requires it (REDIS_TEST_REQUIRED=1), elsewhere the suite says why it skips. */
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAnswers();
if (!available && process.env.REDIS_TEST_REQUIRED === '1') throw new Error(`Redis at ${REDIS_URL} does not answer, and REDIS_TEST_REQUIRED=1`);
if (!available) console.warn(`Skipping the shared rate-limit tests: no Redis at ${REDIS_URL}.`);

describe.skipIf(!available)('rate limits shared by instances through Redis', () => {
  type Harness = Awaited<ReturnType<typeof startTestApp>>;
  const started: Harness[] = [];
  const prefix = `sparks-test-${randomUUID().slice(0, 8)}:`;
  const start = async (env: Record<string, string>) => {
    const harness = await startTestApp(undefined, { RATE_LIMIT_MAX: '5', ...env });
    started.push(harness);
    return harness.app;
  };
  const health = (app: Harness['app'], ip: string) => app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: ip });

  let shared: Array<Harness['app']> = [];
  let separate: Array<Harness['app']> = [];
  beforeAll(async () => {
    shared = [await start({ REDIS_URL, REDIS_KEY_PREFIX: prefix }), await start({ REDIS_URL, REDIS_KEY_PREFIX: prefix })];
    separate = [await start({}), await start({})];
    // Four instances start their own databases: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await Promise.all(started.map((harness) => harness.stop()));
    const cleanup = new Redis(REDIS_URL);
    const keys = await cleanup.keys(`${prefix}*`);
    if (keys.length > 0) await cleanup.del(...keys);
    cleanup.disconnect();
  });

  it('counts one client’s requests to two instances together', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await health(shared[index % 2]!, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client still has its own budget.
    expect((await health(shared[1]!, '203.0.113.8')).statusCode).toBe(200);
  });

  it('without Redis each instance counts alone (the case Redis is for)', async () => {
    const ip = '203.0.113.9';
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await health(separate[index % 2]!, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
