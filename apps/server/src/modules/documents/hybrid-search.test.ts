import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bagOfWordsEmbedding, startFakeModelServer, type FakeModelServer } from '../../../../../test/support/fake-model-server.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { makePdf } from '#test/document-fixtures.js';
import { documentsClient } from '#test/documents-helpers.js';
import { HANDBOOK, RETRIEVAL_QUESTIONS } from '#test/retrieval-set.js';
import { startTestApp } from '#test/test-app.js';

/** Words of one meaning share a dimension, as a real embedding model places synonyms close together. */
const CONCEPTS: Record<string, string[]> = {
  salary: ['salary', 'salaries', 'pay', 'paid', 'raise', 'raises', 'review', 'reviews', 'payroll', 'wage'],
  hours: ['hours', 'online', 'working', 'core', 'start', 'finish'],
};
const conceptOf = new Map(Object.entries(CONCEPTS).flatMap(([concept, words]) => words.map((word) => [word, concept] as const)));
const conceptEmbedding = (text: string): number[] =>
  bagOfWordsEmbedding(
    text.toLowerCase().replace(/\p{L}+/gu, (word) => conceptOf.get(word) ?? word),
    128,
  );

// pgvector ships with PGlite; a plain PostgreSQL without it keeps full-text search (covered elsewhere).
describe('hybrid search with an embedding model on PGlite', () => {
  let model: FakeModelServer;
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let failEmbeddings = false;

  beforeAll(async () => {
    model = await startFakeModelServer({
      embed: (text) => {
        if (failEmbeddings) throw new Error('embedding service down');
        return conceptEmbedding(text);
      },
    });
    harness = await startTestApp(undefined, { EMBEDDING_MODEL: 'fake-embedding', EMBEDDING_BASE_URL: model.url });
  });
  afterAll(async () => {
    await harness?.stop();
    await model?.close();
  });

  it('embeds every chunk and fuses meaning with words: questions full-text search misses are found', async () => {
    const app = harness.app;
    const { tokens } = await verifiedAccount(app);
    const chat = chatClient(app, tokens.access_token);
    const docs = documentsClient(app, tokens.access_token);
    const spark = await chat.newSpark();
    const { document } = await docs.uploadReady(spark._id, 'handbook.pdf', await makePdf(HANDBOOK));
    const stored = (await app.database.db.execute(
      sql`select count(*)::int as n from chunk_embeddings e join document_chunks c on c.id = e.chunk_id where c.document_id = ${document._id}`,
    )) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(stored.rows[0]?.n).toBe(document.chunks);

    let hitsAt5 = 0;
    for (const { question, page } of RETRIEVAL_QUESTIONS) {
      const hits = (await docs.search(spark._id, question)).json().data as Array<{ page?: number }>;
      if (hits.slice(0, 5).some((hit) => hit.page === page)) hitsAt5 += 1;
    }
    // Full-text alone scores 19 of 21 on this set (retrieval-quality.test.ts); fusion recovers the synonym miss.
    expect(hitsAt5 / RETRIEVAL_QUESTIONS.length).toBeGreaterThanOrEqual(0.95);
    const raises = (await docs.search(spark._id, 'When are pay raises decided?')).json().data as Array<{ page?: number }>;
    expect(raises[0]?.page).toBe(7);

    // The embedding service going down costs the semantic half only; the question is still answered.
    failEmbeddings = true;
    const degraded = await docs.search(spark._id, 'How many vacation days do I get?');
    expect(degraded.statusCode).toBe(200);
    expect((degraded.json().data as Array<{ page?: number }>).slice(0, 5).map((hit) => hit.page)).toContain(4);
    failEmbeddings = false;

    expect((await docs.remove(spark._id, document._id)).statusCode).toBe(200);
    const left = (await app.database.db.execute(sql`select count(*)::int as n from chunk_embeddings where spark_id = ${spark._id}`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(left.rows[0]?.n).toBe(0);
  });

  it('indexes a document for full-text search when embedding fails during ingestion', async () => {
    const app = harness.app;
    const { tokens } = await verifiedAccount(app);
    const docs = documentsClient(app, tokens.access_token);
    const spark = await chatClient(app, tokens.access_token).newSpark();
    failEmbeddings = true;
    try {
      const { document } = await docs.uploadReady(spark._id, 'handbook.pdf', await makePdf(HANDBOOK.slice(0, 3)));
      expect(document.status).toBe('ready');
      const hits = (await docs.search(spark._id, 'remote work from home')).json().data as Array<{ page?: number }>;
      expect(hits[0]?.page).toBe(3);
    } finally {
      failEmbeddings = false;
    }
  });
});
