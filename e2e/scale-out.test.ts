import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../apps/server/test/scratch-database';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fake-model-server';
import { startFakeS3Server, type FakeS3Server } from '../test/support/fake-s3-server';
import { codeIn, latestMailText } from './support/mailbox';
import { startServer, type RunningServer } from './support/start-server';
import { startWorker } from './support/start-worker';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

// The scaled mode needs the machine's PostgreSQL (CI sets TEST_DATABASE_URL); PGlite is one process only.
const skip = !ADMIN_URL;
if (skip) console.warn('Skipping the scale-out test: TEST_DATABASE_URL names no PostgreSQL server.');

describe.skipIf(skip)('two API instances and a worker on PostgreSQL and Redis', () => {
  let database: { url: string; drop(): Promise<void> };
  let model: FakeModelServer;
  let s3: FakeS3Server;
  let shared: Record<string, string>;
  let a: RunningServer;
  let b: RunningServer;
  let worker: ReturnType<typeof startWorker> | undefined;
  // Each process has a folder of its own: files live in the object store, nothing on a shared disk.
  const dataDirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'sparks-scale-')));
  const prefix = `sparks-scale-${Date.now().toString(36)}:`;

  beforeAll(async () => {
    database = await scratchDatabase(ADMIN_URL!, 'sparks_scale');
    model = await startFakeModelServer();
    s3 = await startFakeS3Server({ accessKeyId: 'SCALEKEY' });
    shared = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: 'SCALEKEY',
      S3_SECRET_ACCESS_KEY: 'scale-secret',
      JWT_SECRET: 'scale-out-test-secret-that-is-long-enough-0123456789',
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: 'sk-test',
      JOBS_POLL_MS: '500',
    };
    // Started together: they take turns on the migrations.
    [a, b] = await Promise.all([
      startServer({ dataDir: dataDirs[0], env: { ...shared, BACKGROUND_JOBS: 'off' } }),
      startServer({ dataDir: dataDirs[1], env: { ...shared, BACKGROUND_JOBS: 'off' } }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await a?.stop();
    await b?.stop();
    await model?.close();
    await s3?.close();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const call = async (server: RunningServer, path: string, init: { method?: string; token?: string; body?: unknown; form?: FormData } = {}) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${server.url}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
  };
  const data = async <T>(response: Response): Promise<T> => {
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return ((await response.json()) as { data: T }).data;
  };

  it('serves one user across instances: sign-up, upload to object storage, ingestion by the worker, one conversation, shared limits, recovery from a killed instance', async () => {
    // Registered on A, verified on B: the outbox and the account are in the shared database.
    const email = `scale.${Date.now()}@example.com`;
    expect(
      (await call(a, '/auth/register', { method: 'POST', body: { username: email, email, password: 'Account-Pass1!', config: { language: 'en' } } })).status,
    ).toBe(201);
    const tokens = await data<{ access_token: string }>(
      await call(b, '/auth/verify-code', { method: 'POST', body: { username: email, code: codeIn(await latestMailText(b.url, email)) } }),
    );
    const token = tokens.access_token;
    const spark = await data<{ _id: string }>(await call(a, '/sparks', { method: 'POST', token }));
    const test = await data<{ _id: string }>(await call(b, `/sparks/${spark._id}/tests`, { method: 'POST', token, body: { name: 'Scale' } }));

    // Uploaded through B; neither API instance runs jobs, so it waits for a worker.
    const form = new FormData();
    form.append('sparkId', spark._id);
    form.append('file', new Blob(['# Returns\n\nBicycles can be returned within 30 days of purchase.\n'], { type: 'text/markdown' }), 'returns.md');
    expect((await call(b, '/bucket', { method: 'POST', token, form })).status).toBe(201);
    const statuses = async () =>
      (await data<Array<{ status: string }>>(await call(a, `/sparks/${spark._id}/documents`, { token }))).map((document) => document.status);
    await sleep(1_000);
    expect(await statuses()).toEqual(['queued']);
    expect([...s3.objects.keys()]).toEqual([expect.stringMatching(new RegExp(`/sparks/${spark._id}/`))]);
    worker = startWorker({ ...shared, DATA_DIR: dataDirs[2]! });
    await expect.poll(statuses, { timeout: 30_000, interval: 250 }).toEqual(['ready']);

    // One conversation, continued on the other instance.
    const first = await data<{ conversationId: string }>(
      await call(a, `/sparks/${spark._id}/chat/${test._id}`, { method: 'POST', token, body: { input: { text: 'first question' } } }),
    );
    await data(
      await call(b, `/sparks/${spark._id}/chat/${test._id}`, {
        method: 'POST',
        token,
        body: { input: { text: 'second question' }, conversationId: first.conversationId },
      }),
    );
    const history = await data<{ messages: Array<{ type: string; data: { content?: string } }> }>(
      await call(a, `/llm/chat-history/${first.conversationId}`, { token }),
    );
    expect(history.messages.filter((message) => message.type === 'human').map((message) => message.data.content)).toEqual([
      'first question',
      'second question',
    ]);

    // A limit counts across instances: 30 sign-in starts per address, whichever instance takes them.
    const limited: number[] = [];
    for (let index = 0; index < 31; index += 1) limited.push((await call(index % 2 === 0 ? a : b, '/auth/service/google/login')).status);
    expect(limited.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(limited[30]).toBe(429);

    // A dies mid-answer; the client sends the question again to B, and the conversation is whole.
    model.enqueue({ text: 'This answer streams slowly and never finishes on the instance that is killed. '.repeat(4), delayMs: 150, chunkSize: 6 });
    const streaming = await fetch(`${a.url}/api/v1/sparks/${spark._id}/chat/${test._id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ input: { text: 'third question' }, conversationId: first.conversationId }),
    });
    const reader = streaming.body!.getReader();
    let seen = '';
    while (!seen.includes('delta')) seen += new TextDecoder().decode((await reader.read()).value);
    await a.stop('SIGKILL');
    await expect(
      reader.read().then(async function drain(chunk): Promise<unknown> {
        return chunk.done ? 'ended' : reader.read().then(drain);
      }),
    ).rejects.toThrow();
    await data(
      await call(b, `/sparks/${spark._id}/chat/${test._id}`, {
        method: 'POST',
        token,
        body: { input: { text: 'third question' }, conversationId: first.conversationId },
      }),
    );
    const after = await data<{ messages: Array<{ type: string; data: { content?: string } }> }>(
      await call(b, `/llm/chat-history/${first.conversationId}`, { token }),
    );
    expect(after.messages.filter((message) => message.type === 'human').map((message) => message.data.content)).toEqual([
      'first question',
      'second question',
      'third question',
    ]);
    expect(after.messages.some((message) => message.data.content?.includes('streams slowly'))).toBe(false);
  }, 180_000);
});
