import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/test/document-fixtures';
import { scratchDatabase } from '../apps/server/test/scratch-database';
import { codeIn, latestMailText } from './support/mailbox';
import { startServer, type RunningServer } from './support/start-server';
import { startWorker, type RunningWorker } from './support/start-worker';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) console.warn('Skipping the worker-crash test: TEST_DATABASE_URL names no PostgreSQL server.');

/** A long handbook, so the worker is still reading it when it is killed. */
const handbook = () =>
  makePdf(
    Array.from({ length: 160 }, (_, page) => ({
      heading: `Section ${page + 1}: travel, leave and equipment`,
      paragraphs: Array.from(
        { length: 6 },
        (_, line) =>
          `Rule ${page + 1}.${line + 1}: employees book travel through the portal, keep receipts for thirty days and return equipment when they leave.`,
      ),
    })),
  );

describe.skipIf(!ADMIN_URL)('a worker killed with SIGKILL in the middle of reading a document', () => {
  let database: { url: string; drop(): Promise<void> };
  let client: pg.Client;
  let api: RunningServer;
  const workers: RunningWorker[] = [];
  // The API and the workers share a files folder (S3 is the other way: see scale-out.test.ts).
  const dataDir = mkdtempSync(join(tmpdir(), 'sparks-crash-'));
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await scratchDatabase(ADMIN_URL!, 'sparks_crash');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // A job running longer than 15 s is taken as its worker having died (reading this file takes a few seconds).
    env = {
      DATABASE_URL: database.url,
      JWT_SECRET: 'worker-crash-test-secret-that-is-long-enough-0123',
      INGESTION_TIMEOUT_SECONDS: '15',
      JOBS_SUPERVISE_SECONDS: '1',
      JOBS_POLL_MS: '500',
    };
    api = await startServer({ dataDir: dataDir, env: { ...env, BACKGROUND_JOBS: 'off' } });
  }, 120_000);
  afterAll(async () => {
    for (const worker of workers) await worker.stop('SIGKILL');
    await api?.stop();
    await client?.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async <T>(path: string, init: { method?: string; token?: string; body?: unknown; form?: FormData } = {}): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${api.url}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return ((await response.json()) as { data: T }).data;
  };
  const row = async (id: string) =>
    (await client.query<{ status: string; attempts: number; chunks: number }>('select status, attempts, chunks from documents where id = $1', [id])).rows[0]!;
  const storedChunks = async (id: string) =>
    (await client.query<{ ord: number }>('select ord from document_chunks where document_id = $1 order by ord', [id])).rows.map((chunk) => chunk.ord);

  it('leaves no half-indexed document: another worker takes the job over once it expires and reads it whole', async () => {
    const email = `crash.${Date.now()}@example.com`;
    await call('/auth/register', { method: 'POST', body: { username: email, email, password: 'Account-Pass1!', config: { language: 'en' } } });
    const { access_token: token } = await call<{ access_token: string }>('/auth/verify-code', {
      method: 'POST',
      body: { username: email, code: codeIn(await latestMailText(api.url, email)) },
    });
    const spark = await call<{ _id: string }>('/sparks', { method: 'POST', token });
    const form = new FormData();
    form.append('sparkId', spark._id);
    form.append('file', new Blob([new Uint8Array(await handbook())], { type: 'application/pdf' }), 'handbook.pdf');
    const [upload] = await call<Array<{ _id: string }>>('/bucket', { method: 'POST', token, form });
    const id = upload!._id;

    const doomed = startWorker({ ...env, DATA_DIR: dataDir });
    workers.push(doomed);
    await expect.poll(async () => (await row(id)).status, { timeout: 60_000, interval: 10 }).toBe('processing');
    await doomed.stop('SIGKILL');
    // Killed mid-read: nothing of the document is indexed, and it still says it is being read.
    expect(await row(id)).toMatchObject({ status: 'processing', attempts: 1, chunks: 0 });
    expect(await storedChunks(id)).toEqual([]);

    workers.push(startWorker({ ...env, DATA_DIR: dataDir }));
    await expect.poll(async () => (await row(id)).status, { timeout: 60_000, interval: 250 }).toBe('ready');
    const ready = await row(id);
    expect(ready.attempts).toBe(2);
    // Whole and once: every passage stored exactly one time, in order.
    expect(await storedChunks(id)).toEqual(Array.from({ length: ready.chunks }, (_, ord) => ord));
    expect(ready.chunks).toBeGreaterThan(100);
    const jobs = async () =>
      (
        await client.query<{ state: string; retry_count: number }>(
          `select state, retry_count from pgboss.job where name = 'document-ingestion' and singleton_key = $1`,
          [id],
        )
      ).rows;
    // The killed worker's job was retried; a duplicate sent meanwhile (by a sweep, or re-sent while the document was
    // busy) finds nothing to do once its turn comes, which may be a moment after the document is ready.
    expect(await jobs()).toContainEqual({ state: 'completed', retry_count: 1 });
    await expect.poll(async () => (await jobs()).every((one) => one.state === 'completed'), { timeout: 30_000, interval: 250 }).toBe(true);
    const hits = await call<unknown[]>(`/sparks/${spark._id}/search?q=${encodeURIComponent('receipts thirty days')}`, { token });
    expect(hits.length).toBeGreaterThan(0);
  }, 180_000);
});
