import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { makeTempDir } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { JobQueue, type JobContext } from './job-queue.js';

const log = pino({ level: 'silent' });
const options = { enabled: true, pollMs: 500, superviseSeconds: 1 };

describe.each(testDatabaseTargets())('the job queue on pg-boss, on %s', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  const dir = makeTempDir('sparks-jobs-');

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: dir.path });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
    dir.remove();
  });

  // PGlite is one process: its instances share nothing.
  it.skipIf(target.name === 'pglite')('starts on a database shared by instances starting at the same moment', async () => {
    const created = await target.create();
    const dirs = [makeTempDir('sparks-jobs-'), makeTempDir('sparks-jobs-'), makeTempDir('sparks-jobs-')];
    const databases = await Promise.all(dirs.map((one) => openDatabase({ databaseUrl: created.databaseUrl, dataDir: one.path })));
    const queues = databases.map((one) => new JobQueue(one, log, options));
    const done: string[] = [];
    for (const queue of queues) queue.define<{ n: string }>('together', { expireInSeconds: 60, retryLimit: 0, handle: async ({ n }) => void done.push(n) });
    await Promise.all(queues.map((queue) => queue.start()));
    await Promise.all(queues.map((queue, index) => queue.send('together', { n: String(index) }, String(index))));
    await Promise.all(queues.map((queue) => queue.idle('together')));
    expect(done.sort()).toEqual(['0', '1', '2']);
    for (const queue of queues) await queue.stop();
    for (const one of databases) await one.close();
    await created.drop();
    for (const one of dirs) one.remove();
  });

  it('runs each job once, absorbs a second job for a record still waiting, and idle() waits for all of it', async () => {
    // Sent by an instance that does not work, so all three wait together.
    const sender = new JobQueue(database, log, { ...options, enabled: false });
    const queue = new JobQueue(database, log, options);
    const seen: string[] = [];
    for (const one of [sender, queue]) {
      one.define<{ n: string }>('numbers', {
        expireInSeconds: 60,
        retryLimit: 0,
        async handle({ n }) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          seen.push(n);
        },
      });
    }
    await sender.start();
    for (const [n, key] of [
      ['a', 'a'],
      ['b', 'b'],
      ['b-again', 'b'],
    ] as const)
      await sender.send('numbers', { n }, key);
    await queue.start();
    await queue.idle('numbers');
    expect(seen.sort()).toEqual(['a', 'b']);
    await sender.stop();
    await queue.stop();
  });

  it('retries a failed job, telling the handler which try is the last', async () => {
    const queue = new JobQueue(database, log, options);
    const tries: Array<Pick<JobContext, 'attempt' | 'lastAttempt'>> = [];
    queue.define('flaky', {
      expireInSeconds: 60,
      retryLimit: 2,
      async handle(_data, { attempt, lastAttempt }) {
        tries.push({ attempt, lastAttempt });
        if (!lastAttempt) throw new Error('not yet');
      },
    });
    await queue.start();
    await queue.send('flaky', {}, 'one');
    await queue.idle('flaky');
    expect(tries).toEqual([
      { attempt: 1, lastAttempt: false },
      { attempt: 2, lastAttempt: false },
      { attempt: 3, lastAttempt: true },
    ]);
    await queue.stop();
  });

  it('lets an API-only instance send what a worker instance does, and its sweep finds work nobody sent', async () => {
    const api = new JobQueue(database, log, { ...options, enabled: false });
    const worker = new JobQueue(database, log, options);
    const done: string[] = [];
    const waiting = new Set(['left-before-a-restart']);
    const sendByApi = 'sent-by-the-api';
    for (const [name, queue] of [
      ['api', api],
      ['worker', worker],
    ] as const) {
      queue.define<{ id: string }>('records', {
        expireInSeconds: 60,
        retryLimit: 0,
        sweep: { everySeconds: 3600, run: async () => void (await Promise.all([...waiting].map((id) => queue.send('records', { id }, id)))) },
        // As the real handlers do, the record says whether there is still work (a sweep may send twice).
        async handle({ id }) {
          if (!waiting.delete(id)) return;
          done.push(`${id} by ${name}`);
        },
      });
    }
    await api.start();
    await worker.start();
    await worker.idle('records');
    expect(done).toEqual(['left-before-a-restart by worker']);
    waiting.add(sendByApi);
    await api.send('records', { id: sendByApi }, sendByApi);
    // The worker was not told: it finds the job at its next poll.
    await expect.poll(() => done, { timeout: 10_000 }).toEqual(['left-before-a-restart by worker', 'sent-by-the-api by worker']);
    await api.stop();
    await worker.stop();
  });

  it('aborts running handlers when it stops, so they hand their record back', async () => {
    const queue = new JobQueue(database, log, options);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let handedBack = false;
    queue.define('long', {
      expireInSeconds: 60,
      retryLimit: 0,
      async handle(_data, { signal }) {
        started();
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        handedBack = true;
      },
    });
    await queue.start();
    await queue.send('long', {}, 'long');
    await running;
    const stopping = Date.now();
    await queue.stop();
    expect(handedBack).toBe(true);
    // Not the 15 s graceful wait: the handler returned as soon as it was told.
    expect(Date.now() - stopping).toBeLessThan(10_000);
  });
});
