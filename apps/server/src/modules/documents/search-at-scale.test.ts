import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { rowsOf } from '../../db/sql-results.js';
import { ChunksRepository } from './chunks-repository.js';
import { RETRIEVAL_TOP_K, RetrievalService } from './retrieval-service.js';

const CODENAMES = ['zeppelin', 'quokka', 'marimba', 'tundra', 'origami', 'saffron', 'glacier', 'harpsichord', 'nebula', 'walrus'];

/**
 * Forty sections that all speak of expense reports and approval, so those words are in every
 * chunk; each section also has one word of its own, and only section 7 names refunds and
 * warranties together.
 */
const handbook = Array.from({ length: 40 }, (_, index) => {
  const section = index + 1;
  const own = `${CODENAMES[index % CODENAMES.length]}${section > 10 ? ` batch${section}` : ''}`;
  const extra =
    section === 7 ? 'Refund requests under warranty go to the returns desk.' : section % 2 ? 'Refund requests are rare.' : 'Warranty cards are kept.';
  return `# Section ${section}\n\nExpense reports need approval from a manager before payment. The ${own} procedure applies here. ${extra}\n`;
}).join('\n');

describe.each(testDatabaseTargets())('search at scale on $name', (target) => {
  const app = appOnTarget(target);

  async function sparkWithHandbook() {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const docs = documentsClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const { document } = await docs.uploadReady(spark._id, 'handbook.md', Buffer.from(handbook));
    expect(document).toMatchObject({ status: 'ready' });
    expect(document.chunks).toBeGreaterThanOrEqual(40);
    const [owner] = rowsOf(await app().database.db.execute(sql`select tenant_id from sparks where id = ${spark._id}`));
    return { spark, document, docs, chat, tenantId: String(owner!.tenant_id) };
  }

  /** The stored counts against a count made from the chunks themselves. */
  async function termDrift(sparkId: string) {
    const rows = rowsOf(
      await app().database.db.execute(sql`
        with actual as (
          select c.spark_id, l.lexeme, count(*)::int as chunks
          from document_chunks c, unnest(tsvector_to_array(c.tsv)) as l(lexeme)
          where c.spark_id = ${sparkId} group by 1, 2
        ), stored as (select spark_id, lexeme, chunks from spark_terms where spark_id = ${sparkId})
        select
          (select count(*)::int from actual) as actual_terms,
          (select count(*)::int from stored) as stored_terms,
          (select count(*)::int from actual a full join stored s using (spark_id, lexeme) where a.chunks is distinct from s.chunks) as differing`),
    );
    return rows[0] as { actual_terms: number; stored_terms: number; differing: number };
  }

  it('keeps per-Spark word counts exact through uploads, deletions and the Spark’s removal', async () => {
    const { spark, document, docs, chat } = await sparkWithHandbook();
    const second = await docs.uploadReady(spark._id, 'extra.md', Buffer.from('# Extra\n\nExpense reports and the zeppelin procedure, once more.\n'));
    const afterUploads = await termDrift(spark._id);
    expect(afterUploads.actual_terms).toBeGreaterThan(20);
    expect(afterUploads).toMatchObject({ stored_terms: afterUploads.actual_terms, differing: 0 });
    const [expense] = rowsOf(await app().database.db.execute(sql`select chunks from spark_terms where spark_id = ${spark._id} and lexeme = 'expens'`));
    expect(Number(expense!.chunks)).toBe(document.chunks + second.document.chunks);

    expect((await docs.remove(spark._id, document._id)).statusCode).toBe(200);
    expect(await termDrift(spark._id)).toMatchObject({ differing: 0 });
    expect((await docs.remove(spark._id, second.document._id)).statusCode).toBe(200);
    expect(await termDrift(spark._id)).toEqual({ actual_terms: 0, stored_terms: 0, differing: 0 });

    const again = await docs.uploadReady(spark._id, 'handbook.md', Buffer.from(handbook));
    expect(again.document.status).toBe('ready');
    expect((await chat.deleteSpark(spark._id)).statusCode).toBe(200);
    const [left] = rowsOf(await app().database.db.execute(sql`select count(*)::int as n from spark_terms where spark_id = ${spark._id}`));
    expect(left!.n).toBe(0);
  });

  it('ranks only a bounded set of candidates and still finds the passage a rare word points to', async () => {
    const { spark, tenantId } = await sparkWithHandbook();
    const bounded = new RetrievalService(app().database.db, { searchBudget: { exhaustive: 8, candidates: 8 } });
    const everything = new RetrievalService(app().database.db, { searchBudget: { exhaustive: 100_000, candidates: 100_000 } });
    const headingsOf = (hits: Array<{ heading: string | null }>) => hits.map((hit) => hit.heading);

    // "expense", "report", "approval" are in all 40 sections; "harpsichord" only in sections 8, 18, 28 and 38.
    const rare = await bounded.retrieve(tenantId, spark._id, 'What is the harpsichord procedure for expense reports?');
    expect(headingsOf(rare).slice(0, 4).sort()).toEqual(['Section 18', 'Section 28', 'Section 38', 'Section 8']);
    const [specific] = await bounded.retrieve(tenantId, spark._id, 'harpsichord batch28 expense approval');
    expect(specific?.heading).toBe('Section 28');

    // Both words are common; only section 7 holds both, and the set of chunks holding every word brings it in.
    const [both] = await bounded.retrieve(tenantId, spark._id, 'refund under warranty');
    expect(both?.heading).toBe('Section 7');
    expect((await everything.retrieve(tenantId, spark._id, 'refund under warranty'))[0]?.heading).toBe('Section 7');

    // Nothing but common words: still a full page of passages, each holding the words asked about.
    const common = await bounded.retrieve(tenantId, spark._id, 'expense reports approval');
    expect(common).toHaveLength(RETRIEVAL_TOP_K);
    for (const hit of common) expect(hit.text).toMatch(/Expense reports need approval/);

    expect(await bounded.retrieve(tenantId, spark._id, 'bicycle lease scheme')).toEqual([]);
  });

  it('spends the candidate budget on different chunks when the tiers hold the same ones', async () => {
    const { spark, tenantId } = await sparkWithHandbook();
    const bounded = new RetrievalService(app().database.db, { searchBudget: { exhaustive: 8, candidates: 8 } });
    // The zeppelin sections are odd ones, which all speak of refunds: "zeppelin and refund" and
    // "zeppelin" are the same four chunks, and a page still has room for the others.
    const hits = await bounded.retrieve(tenantId, spark._id, 'zeppelin refund warranty');
    expect(
      hits
        .slice(0, 4)
        .map((hit) => hit.heading)
        .sort(),
    ).toEqual(['Section 1', 'Section 11', 'Section 21', 'Section 31']);
    expect(hits).toHaveLength(RETRIEVAL_TOP_K);
    expect(new Set(hits.map((hit) => hit.heading)).size).toBe(RETRIEVAL_TOP_K);
  });

  it('weighs rare words above repeated common ones (BM25 with the Spark’s own counts)', async () => {
    const { spark, docs, tenantId } = await sparkWithHandbook();
    const text = [
      '# Company cars\n\nCompany cars are booked through the company portal. The company pays fuel for company trips; company rules apply.\n',
      '# Repairs\n\nThe company workshop is in building C, next to the loading bay.\n',
    ].join('\n');
    await docs.uploadReady(spark._id, 'facilities.md', Buffer.from(text));
    const retrieval = new RetrievalService(app().database.db);
    const [first] = await retrieval.retrieve(tenantId, spark._id, 'Where is the company workshop?');
    expect(first?.heading).toBe('Repairs');
  });

  it('never reaches another tenant’s chunks through the word counts', async () => {
    const { spark, tenantId: ownTenant } = await sparkWithHandbook();
    const { tenantId: otherTenant } = await sparkWithHandbook();
    const retrieval = new RetrievalService(app().database.db, { searchBudget: { exhaustive: 8, candidates: 8 } });
    expect(await retrieval.retrieve(otherTenant, spark._id, 'zeppelin expense reports')).toEqual([]);
    // Not even how often a word occurs, or how big the Spark is, reads through another tenant's id.
    const chunks = new ChunksRepository(app().database.db);
    const words = ['zeppelin', 'expense'];
    const own = await chunks.questionTerms(ownTenant, spark._id, words);
    expect(own.total).toBeGreaterThan(0);
    expect(own.terms.some((term) => term.chunks > 0)).toBe(true);
    const foreign = await chunks.questionTerms(otherTenant, spark._id, words);
    expect(foreign.total).toBe(0);
    expect(foreign.terms.every((term) => term.chunks === 0)).toBe(true);
  });
});
