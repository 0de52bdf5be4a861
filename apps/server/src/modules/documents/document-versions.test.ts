import type { SparkDocument } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { makePdf } from '#test/document-fixtures.js';
import { documentOwner } from '#test/document-owner.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { INGESTION_JOB, ingestionJob } from './ingestion/ingestion-job.js';
import { IngestionService } from './ingestion/ingestion-service.js';

const policy = (days: number) =>
  makePdf([{ heading: 'Returns policy', paragraphs: [`Bicycles can be returned within ${days} days of purchase with the receipt.`] }]);

describe.each(testDatabaseTargets())('document versions on $name', (target) => {
  const app = appOnTarget(target);

  const owner = () => documentOwner(app());

  it('replaces a named document on request, keeps the old one when the new version cannot be read, and refuses another tenant’s document', async () => {
    const { docs, spark, ask, list } = await owner();
    const first = await docs.uploadReady(spark._id, 'returns.pdf', await policy(30));

    const broken = await docs.upload({ sparkId: spark._id, replaces: first.document._id }, { name: 'new-returns.pdf', bytes: Buffer.from('%PDF-1.7 broken') });
    expect(broken.statusCode, broken.payload).toBe(201);
    expect(broken.json().data[0].document).toMatchObject({ name: 'returns.pdf', version: 2, replaces: first.document._id });
    await app().jobs.idle(INGESTION_JOB);
    expect((await list()).map((document) => [document.version, document.status])).toEqual([
      [2, 'failed'],
      [1, 'ready'],
    ]);
    expect(await ask('Within how many days can bicycles be returned?')).toContain('30 days');

    // A third version, readable, replaces both: the one that answers and the one that failed.
    const third = await docs.upload({ sparkId: spark._id, replaces: first.document._id }, { name: 'x.pdf', bytes: await policy(60) });
    expect(third.json().data[0].document).toMatchObject({ version: 2 });
    await app().jobs.idle(INGESTION_JOB);
    const [only, ...rest] = await list();
    expect(rest.filter((document) => document.status === 'ready')).toEqual([]);
    expect(only).toMatchObject({ status: 'ready' });
    expect(await ask('Within how many days can bicycles be returned?')).toContain('60 days');

    const stranger = await owner();
    const foreign = await stranger.docs.upload({ sparkId: stranger.spark._id, replaces: only!._id }, { name: 'mine.pdf', bytes: await policy(10) });
    expect(foreign.statusCode).toBe(404);
    expect(await stranger.list()).toEqual([]);
    const malformed = await docs.upload({ sparkId: spark._id, replaces: 'not-an-id' }, { name: 'x.pdf', bytes: await policy(10) });
    expect(malformed.statusCode).toBe(400);
  });
});

/** With no job workers, the test reads each version itself: what answers before and after the switch is then certain. */
describe.each(testDatabaseTargets())('the switch to a new version on $name', (target) => {
  const app = appOnTarget(target, { BACKGROUND_JOBS: 'off' });

  it('reads a re-upload of the same name as the next version while the old one answers, then switches at once', async () => {
    const { docs, spark, ask, list } = await documentOwner(app());
    const job = ingestionJob({
      ingestion: new IngestionService(app().database.db, {
        storage: app().fileStorage,
        log: app().log,
        timeoutSeconds: 60,
        ocrPagesOf: async () => 20,
        events: app().services.webhooks,
      }),
      concurrency: 1,
      send: async () => undefined,
    });
    const read = (documentId: string) => job.handle({ documentId }, { signal: new AbortController().signal, attempt: 1, lastAttempt: true });

    const first = (await docs.upload({ sparkId: spark._id }, { name: 'returns.pdf', bytes: await policy(30) })).json().data[0].document as SparkDocument;
    await read(first._id);

    // The new version is stored and queued; until it is read, the first one still answers.
    const upload = await docs.upload({ sparkId: spark._id }, { name: 'returns.pdf', bytes: await policy(45) });
    expect(upload.statusCode, upload.payload).toBe(201);
    const second = upload.json().data[0].document as SparkDocument;
    expect(second).toMatchObject({ version: 2, status: 'queued', replaces: first._id, name: 'returns.pdf' });
    expect((await list()).map((document) => [document.version, document.status])).toEqual([
      [2, 'queued'],
      [1, 'ready'],
    ]);
    expect(await ask('Within how many days can bicycles be returned?')).toContain('30 days');

    await read(second._id);
    const after = await list();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ _id: second._id, version: 2, status: 'ready' });
    expect(after[0]?.replaces).toBeUndefined();
    const answer = await ask('Within how many days can bicycles be returned?');
    expect(answer).toContain('45 days');
    expect(answer).not.toContain('30 days');
  });
});
