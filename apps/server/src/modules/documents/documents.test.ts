import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatHistory, SparkDocument, TestChatAnswer, Language } from '@sparks/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { makeDocx, makePdf } from '#test/document-fixtures.js';
import { subscribe } from '#test/billing-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { documentChunks, documents } from '../../db/schema.js';
import { INGESTION_JOB, ingestionJob } from './ingestion/ingestion-job.js';
import { IngestionService } from './ingestion/ingestion-service.js';

const RETURNS_PDF = () =>
  makePdf([
    {
      heading: 'Returns policy',
      paragraphs: [
        'Bicycles can be returned within 30 days of purchase with the original receipt.',
        'Refunds are paid to the original card within five working days.',
      ],
    },
    { heading: 'Shipping', paragraphs: ['We ship to Spain and Portugal. Delivery takes three working days.'] },
    { heading: 'Warranty', paragraphs: ['Every frame carries a lifetime warranty against manufacturing defects.'] },
  ]);

async function filesUnder(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, 'files'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe.each(testDatabaseTargets())('documents on $name', (target) => {
  const app = appOnTarget(target);

  async function owner(language: Language = 'en') {
    const { tokens } = await verifiedAccount(app(), undefined, language);
    const chat = chatClient(app(), tokens.access_token);
    const docs = documentsClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    return { tokens, chat, docs, spark };
  }

  it('takes a PDF, tells the builder chat, reads it page by page and finds its passages', async () => {
    const { chat, docs, spark } = await owner();
    const start = await chat.builder(spark._id, 'Start');
    const conversationId = (start.json() as { data: { conversationId: string } }).data.conversationId;
    const upload = await docs.upload({ sparkId: spark._id, conversationId }, { name: 'returns.pdf', bytes: await RETURNS_PDF(), type: 'application/pdf' });
    expect(upload.statusCode, upload.payload).toBe(201);
    const [result] = upload.json().data;
    expect(result.bucketFileId.split('/')[0]).toBe(result._id);
    expect(result.document).toMatchObject({ name: 'returns.pdf', kind: 'pdf', status: 'queued', sparkId: spark._id });
    expect(result.conversationId).toBe(conversationId);
    expect(result.messages.map((message: { type: string }) => message.type)).toEqual(['human', 'ai']);
    expect(result.messages[0].data.content).toBe('');
    expect(result.messages[1].data).toMatchObject({ type: 'document', documentId: result._id, name: 'returns.pdf' });
    expect(result.messages[1].data.options.length).toBeGreaterThan(0);

    await app().jobs.idle(INGESTION_JOB);
    const document = await docs.document(spark._id, result._id);
    expect(document).toMatchObject({ status: 'ready', pages: 3, language: 'en', problem: null });
    expect(document.chunks).toBeGreaterThanOrEqual(3);

    const history = (await chat.history(conversationId)).json().data as ChatHistory;
    expect(history.messages.slice(-2).map((message) => message.data.type ?? message.type)).toEqual(['human', 'document']);

    const hits = (await docs.search(spark._id, 'How many days do I have to return my bicycle?')).json().data;
    expect(hits[0]).toMatchObject({ title: 'returns.pdf', page: 1, heading: 'Returns policy', documentId: result._id });
    expect(hits[0].excerpt).toContain('within 30 days');
    const passage = (await docs.passage(spark._id, hits[0].chunkId)).json().data;
    expect(passage.text).toContain('Refunds are paid');

    const list = (await docs.list(spark._id)).json().data as SparkDocument[];
    expect(list.map((item) => item._id)).toEqual([result._id]);
  });

  it('answers a test chat from the document, citing name and page, with the passages and their scores', async () => {
    const { chat, docs, spark } = await owner();
    await docs.uploadReady(spark._id, 'returns.pdf', await RETURNS_PDF());
    const test = await chat.newTest(spark._id);
    const response = await chat.test(spark._id, test._id, 'How long does delivery take to Portugal?');
    expect(response.statusCode, response.payload).toBe(200);
    const answer = (response.json() as { data: TestChatAnswer }).data.ai.data;
    expect(answer.content).toContain('three working days');
    const citation = answer.citations?.find((item) => item.title === 'returns.pdf');
    expect(citation).toMatchObject({ page: 2 });
    expect(citation?.chunkId).toBeTruthy();
    expect(answer.sources?.[0]).toMatchObject({ title: 'returns.pdf', page: 2, heading: 'Shipping' });
    expect(answer.sources?.[0]?.score).toBeGreaterThan(0);
  });

  it("reads a PDF's table set in columns as rows under their headers, and answers from the row", async () => {
    const { chat, docs, spark } = await owner();
    const pdf = await makePdf([
      {
        heading: 'Opening hours',
        paragraphs: [
          'Our bakery on the main square opens every day:',
          {
            table: [
              ['Day', 'Hours'],
              ['Monday to Friday', '7:30 – 20:00'],
              ['Saturday', '8:00 – 14:00'],
              ['Sunday', '8:30 – 13:00'],
            ],
          },
        ],
      },
      { heading: 'Delivery', paragraphs: ['Cakes ordered before noon are delivered the next day anywhere in the city.'] },
    ]);
    await docs.uploadReady(spark._id, 'hours.pdf', pdf);
    const hits = (await docs.search(spark._id, 'Sunday opening hours')).json().data;
    expect(hits[0]).toMatchObject({ kind: 'table', page: 1, path: ['Opening hours'] });
    expect(hits[0].excerpt).toContain('Day: Sunday · Hours: 8:30 – 13:00');
    const test = await chat.newTest(spark._id);
    const answer = ((await chat.test(spark._id, test._id, 'What time do you open on Sunday?')).json() as { data: TestChatAnswer }).data.ai.data;
    expect(answer.content).toContain('8:30 – 13:00');
    expect(answer.content).not.toContain('7:30 – 20:00 Saturday');
  });

  it('reads Spanish documents with Spanish stemming and finds them without accents', async () => {
    const { docs, spark } = await owner('es');
    const pdf = await makePdf([
      {
        heading: 'Política de devoluciones',
        paragraphs: ['Las bicicletas se pueden devolver durante los treinta días siguientes a la compra, presentando el recibo original.'],
      },
      { heading: 'Envíos', paragraphs: ['Enviamos a España y Portugal. La entrega tarda tres días laborables.'] },
    ]);
    const { document } = await docs.uploadReady(spark._id, 'política.pdf', pdf);
    expect(document).toMatchObject({ status: 'ready', language: 'es', name: 'política.pdf' });
    const hits = (await docs.search(spark._id, 'politica devolucion bicicleta')).json().data;
    expect(hits[0]).toMatchObject({ page: 1, heading: 'Política de devoluciones' });
  });

  it('reads DOCX, text and Markdown, keeping headings and tables', async () => {
    const { docs, spark } = await owner();
    const docx = await makeDocx([
      { heading: 'Opening hours' },
      { paragraph: 'The shop opens at nine in the morning.' },
      {
        table: [
          ['Day', 'Hours'],
          ['Saturday', '10:00-14:00'],
          ['Sunday', 'closed'],
        ],
      },
    ]);
    const word = await docs.uploadReady(spark._id, 'hours.docx', docx);
    expect(word.document).toMatchObject({ kind: 'docx', status: 'ready', pages: null });
    // The table is a passage of its own under its heading, each row read with its headers.
    const table = (await docs.search(spark._id, 'Sunday hours')).json().data;
    expect(table[0]).toMatchObject({ kind: 'table', path: ['Opening hours'] });
    expect(table[0].excerpt).toContain('Day: Sunday · Hours: closed');

    const markdown = await docs.uploadReady(
      spark._id,
      'faq.md',
      Buffer.from('# Parking\n\nCustomers park for free behind the shop.\n\n| Zone | Price |\n|---|---|\n| A | free |\n'),
    );
    expect(markdown.document).toMatchObject({ kind: 'markdown', status: 'ready' });
    expect((await docs.search(spark._id, 'where can customers park')).json().data[0]).toMatchObject({ heading: 'Parking' });

    const text = await docs.uploadReady(spark._id, 'notes.txt', Buffer.from('Gift cards never expire.\n\nThey can be used online and in the shop.', 'utf8'));
    expect(text.document).toMatchObject({ kind: 'text', status: 'ready' });
  });

  it('ends unreadable PDFs in a clear status instead of an empty index', async () => {
    const { docs, spark, tokens } = await owner();
    await subscribe(app(), tokens.access_token, 'emerald');
    const encrypted = await docs.uploadReady(spark._id, 'secret.pdf', await makePdf([{ paragraphs: ['Secret prices.'] }], { userPassword: 'hunter2' }));
    expect(encrypted.document).toMatchObject({ status: 'failed', chunks: 0, problem: { code: 'encrypted' } });

    const whole = await RETURNS_PDF();
    const truncated = await docs.uploadReady(spark._id, 'cut.pdf', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(truncated.document.status).toBe('failed');
    expect(truncated.document.problem?.code).toBe('corrupt');

    const scanned = await docs.uploadReady(spark._id, 'scan.pdf', await makePdf([{ image: true }, { image: true }]));
    expect(scanned.document).toMatchObject({ status: 'failed', problem: { code: 'no_text', pages: [{ from: 1, to: 2 }] } });

    const mixed = await docs.uploadReady(
      spark._id,
      'mixed.pdf',
      await makePdf([
        { heading: 'Intro', paragraphs: ['Readable first page.'] },
        { image: true },
        { image: true },
        { image: true },
        { paragraphs: ['Readable last page.'] },
      ]),
    );
    expect(mixed.document).toMatchObject({ status: 'ready', problem: { code: 'pages_without_text', pages: [{ from: 2, to: 4 }] } });
    expect(mixed.document.problem?.message).toBe('No text could be extracted from pages 2–4.');

    // Blank text has nothing to index (an empty file is refused at upload, upload-suite.test.ts).
    const blank = await docs.uploadReady(spark._id, 'blank.txt', Buffer.from(' \n\n '));
    expect(blank.document).toMatchObject({ status: 'failed', problem: { code: 'empty' } });
  });

  it('deletes a document with its chunks and file, and a Spark with all of its documents', async () => {
    const { chat, docs, spark, tokens } = await owner();
    const { document } = await docs.uploadReady(spark._id, 'returns.pdf', await RETURNS_PDF());
    const { dataDir } = { dataDir: app().config.dataDir };
    expect((await filesUnder(dataDir)).length).toBeGreaterThan(0);
    const before = await filesUnder(dataDir);
    expect((await docs.remove(spark._id, document._id)).statusCode).toBe(200);
    expect(await app().database.db.select().from(documentChunks).where(eq(documentChunks.documentId, document._id))).toEqual([]);
    expect((await filesUnder(dataDir)).length).toBe(before.length - 1);
    expect((await docs.remove(spark._id, document._id)).statusCode).toBe(404);

    const second = await docs.uploadReady(spark._id, 'returns.pdf', await RETURNS_PDF());
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    expect((await app().inject({ method: 'DELETE', url: `/api/v1/sparks/${spark._id}`, headers })).statusCode).toBe(200);
    expect(await app().database.db.select().from(documents).where(eq(documents.id, second.document._id))).toEqual([]);
    expect(await app().database.db.select().from(documentChunks).where(eq(documentChunks.documentId, second.document._id))).toEqual([]);
    expect((await filesUnder(dataDir)).length).toBe(before.length - 1);
    void chat;
  });

  it('resumes an ingestion whose worker died, and fails one that keeps crashing', async () => {
    const { docs, spark } = await owner();
    const { document } = await docs.uploadReady(spark._id, 'returns.pdf', await RETURNS_PDF());
    const db = app().database.db;
    const job = ingestionJob({
      ingestion: new IngestionService(db, {
        storage: app().fileStorage,
        log: app().log,
        timeoutSeconds: 60,
        ocrPagesOf: async () => 20,
        events: app().services.webhooks,
      }),
      concurrency: 1,
      send: (name, data, key) => app().jobs.send(name, data, key),
    });
    const signal = new AbortController().signal;
    // A document another reader began a moment ago is left to it: a second job for it waits its turn.
    await db.delete(documentChunks).where(eq(documentChunks.documentId, document._id));
    await db.update(documents).set({ status: 'processing', chunks: 0, updatedAt: new Date() }).where(eq(documents.id, document._id));
    await job.handle({ documentId: document._id }, { signal, attempt: 1, lastAttempt: false });
    expect(await docs.document(spark._id, document._id)).toMatchObject({ status: 'processing', chunks: 0 });
    // As a worker that died mid-way leaves it: processing for longer than the time limit, no chunks stored.
    const died = new Date(Date.now() - 120_000);
    await db.update(documents).set({ updatedAt: died }).where(eq(documents.id, document._id));
    await job.handle({ documentId: document._id }, { signal, attempt: 2, lastAttempt: false });
    expect(await docs.document(spark._id, document._id)).toMatchObject({ status: 'ready', chunks: document.chunks });

    await db.update(documents).set({ status: 'processing', attempts: 3, updatedAt: died }).where(eq(documents.id, document._id));
    await job.handle({ documentId: document._id }, { signal, attempt: 3, lastAttempt: false });
    expect(await docs.document(spark._id, document._id)).toMatchObject({ status: 'failed', problem: { code: 'internal' } });
  });
});
