import { describe, expect, it } from 'vitest';
import { makePdf } from '#test/document-fixtures.js';
import { ExtractionError } from './extracted-document.js';
import { ingestDocument } from './ingest-document.js';
import { ingestInWorker } from './ingest-in-worker.js';

const pages = Array.from({ length: 12 }, (_, index) => ({
  heading: `Chapter ${index + 1}`,
  paragraphs: [`Chapter ${index + 1} explains the returns policy for order ${index + 1}. Refunds take five business days.`],
}));

async function problemOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return (error as ExtractionError).problem;
}

describe('ingestInWorker', () => {
  it('reads a document in a worker thread exactly as the reader does in-process', async () => {
    const bytes = await makePdf(pages);
    const [inWorker, inProcess] = await Promise.all([ingestInWorker('pdf', bytes), ingestDocument('pdf', bytes)]);
    expect(inWorker.pages).toBe(12);
    expect(inWorker).toEqual(inProcess);
    // The caller's buffer is not handed over to the worker.
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('brings a document’s problem back from the worker', async () => {
    const encrypted = await makePdf(pages.slice(0, 1), { userPassword: 'secret' });
    expect(await problemOf(ingestInWorker('pdf', encrypted))).toMatchObject({ code: 'encrypted' });
  });

  it('stops a worker that takes longer than its time limit, and says the document was too complex', async () => {
    const bytes = await makePdf(pages);
    expect(await problemOf(ingestInWorker('pdf', bytes, { timeoutMs: 1 }))).toMatchObject({ code: 'too_complex' });
    // The stopped worker is not reused: the next document gets a fresh one and reads fine.
    expect((await ingestInWorker('pdf', bytes)).pages).toBe(12);
  });

  it('fails a document that needs more memory than the worker has, without touching the server', async () => {
    const huge = Buffer.from(`${'A long line of plain text that goes on and on. '.repeat(20)}\n`.repeat(10_000));
    const before = process.memoryUsage().heapUsed;
    expect(await problemOf(ingestInWorker('text', huge, { memoryMb: 8 }))).toMatchObject({ code: 'too_complex' });
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(huge.length * 4);
    // With the usual heap the same file reads fine: it was the limit that stopped it.
    expect((await ingestInWorker('text', huge)).chunks.length).toBeGreaterThan(100);
  });

  it('gives up at once when the job is stopped', async () => {
    const controller = new AbortController();
    const reading = ingestInWorker('pdf', await makePdf(pages), { signal: controller.signal });
    controller.abort(new Error('shutting down'));
    await expect(reading).rejects.toThrow('shutting down');
  });
});
