import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makePdf } from '#test/document-fixtures.js';
import { documentOwner } from '#test/document-owner.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { documents, tenants } from '../../db/schema.js';
import { INGESTION_JOB } from './ingestion/ingestion-job.js';

const policy = makePdf([{ heading: 'Returns policy', paragraphs: ['Bicycles can be returned within 30 days of purchase with the receipt.'] }]);

describe.each(testDatabaseTargets())('reading a document again on $name', (target) => {
  const app = appOnTarget(target);
  const db = () => app().database.db;

  async function owner() {
    const found = await documentOwner(app());
    const readAgain = (documentId: string, sparkId = found.spark._id, token = found.tokens.access_token) =>
      app().inject({ method: 'POST', url: `/api/v1/sparks/${sparkId}/documents/${documentId}/read-again`, headers: { authorization: `Bearer ${token}` } });
    return { ...found, readAgain };
  }
  const rowOf = async (id: string) => (await db().select().from(documents).where(eq(documents.id, id)))[0];

  it('reads the stored file again as the next version, which takes the place of the one that answered', async () => {
    const { docs, spark, ask, list, readAgain } = await owner();
    const first = await docs.uploadReady(spark._id, 'returns.pdf', await policy);
    const before = await rowOf(first.document._id);

    const again = await readAgain(first.document._id);
    expect(again.statusCode, again.payload).toBe(202);
    expect(again.json().data).toMatchObject({ name: 'returns.pdf', version: 2, replaces: first.document._id, kind: 'pdf' });
    const copy = await rowOf(again.json().data._id);
    // Its own copy of the file: deleting either version never takes the other's.
    expect(copy!.storageKey).not.toBe(before!.storageKey);
    expect(await app().fileStorage.read(copy!.storageKey)).toEqual(await app().fileStorage.read(before!.storageKey));

    await app().jobs.idle(INGESTION_JOB);
    const [only, ...rest] = await list();
    expect(await rowOf(first.document._id)).toBeUndefined();
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ _id: again.json().data._id, status: 'ready', version: 2, chunks: first.document.chunks });
    expect(await app().fileStorage.exists(before!.storageKey)).toBe(false);
    expect(await ask('Within how many days can bicycles be returned?')).toContain('30 days');
  });

  it('refuses while it is being read, for an owner answer, after the trial, and for another tenant’s document, changing nothing', async () => {
    const { docs, spark, list, readAgain } = await owner();
    const first = await docs.uploadReady(spark._id, 'returns.pdf', await policy);
    const id = first.document._id;

    await db().update(documents).set({ status: 'processing' }).where(eq(documents.id, id));
    const reading = await readAgain(id);
    expect(reading.statusCode).toBe(409);
    expect(reading.json()).toMatchObject({ code: 'CONFLICT', errors: [expect.stringMatching(/still being read/)] });
    await db().update(documents).set({ status: 'ready' }).where(eq(documents.id, id));

    await db().update(documents).set({ kind: 'answer' }).where(eq(documents.id, id));
    expect((await readAgain(id)).json()).toMatchObject({ code: 'CONFLICT', errors: [expect.stringMatching(/Edit it instead/)] });
    await db().update(documents).set({ kind: 'pdf' }).where(eq(documents.id, id));

    // A website's page is read again by the website's sync, which knows its address.
    await db().update(documents).set({ sourceUrl: 'https://shop.example/returns', integrationId: randomUUID() }).where(eq(documents.id, id));
    expect((await readAgain(id)).json()).toMatchObject({ code: 'CONFLICT', errors: [expect.stringMatching(/website/)] });
    await db().update(documents).set({ sourceUrl: null, integrationId: null }).where(eq(documents.id, id));

    const stored = (await rowOf(id))!.storageKey;
    const bytes = await app().fileStorage.read(stored);
    await app().fileStorage.remove(stored);
    expect((await readAgain(id)).json()).toMatchObject({ code: 'NOT_FOUND', errors: [expect.stringMatching(/no longer stored/)] });
    await app().fileStorage.put(stored, Readable.from([bytes]));

    const stranger = await owner();
    expect((await readAgain(id, stranger.spark._id, stranger.tokens.access_token)).statusCode).toBe(404);
    expect((await readAgain(id, spark._id, stranger.tokens.access_token)).statusCode).toBe(404);
    expect((await readAgain('not-an-id')).statusCode).toBe(400);
    expect((await readAgain('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const { tenantId } = (await rowOf(id))!;
    await db()
      .update(tenants)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(tenants.id, tenantId));
    expect((await readAgain(id)).json().code).toBe('TRIAL_ENDED');

    expect((await list()).map((document) => [document._id, document.version, document.status])).toEqual([[id, 1, 'ready']]);
    expect(await stranger.list()).toEqual([]);
  });

  it('hands an imported file’s library item over to the new version, so the next sync finds that one', async () => {
    const { docs, spark, readAgain } = await owner();
    const first = await docs.uploadReady(spark._id, 'returns.pdf', await policy);
    const item = { integrationId: randomUUID(), externalId: 'item-17', externalTag: 'etag-3', externalPath: '/Policies/returns.pdf' };
    await db().update(documents).set(item).where(eq(documents.id, first.document._id));
    const again = await readAgain(first.document._id);
    expect(again.statusCode).toBe(202);
    expect(await rowOf(again.json().data._id)).toMatchObject(item);
    expect(await rowOf(first.document._id)).toMatchObject({ integrationId: null, externalId: null });
  });

  it('refuses a second reading while the first is under way', async () => {
    const { docs, spark, list, readAgain } = await owner();
    const first = await docs.uploadReady(spark._id, 'returns.pdf', await policy);
    const again = await readAgain(first.document._id);
    expect(again.statusCode).toBe(202);
    // Held as queued, so the check does not race the ingestion job.
    await db().update(documents).set({ status: 'queued' }).where(eq(documents.id, again.json().data._id));
    const twice = await readAgain(first.document._id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CONFLICT', errors: [expect.stringMatching(/newer version/)] });
    expect((await list()).filter((document) => document.version === 2)).toHaveLength(1);
  });
});
