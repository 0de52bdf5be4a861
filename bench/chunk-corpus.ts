import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../apps/server/src/db/database.js';
import { searchIndexSettler } from '../apps/server/src/modules/documents/ingestion/search-index-settler.js';
import { rowsOf } from '../apps/server/src/db/sql-results.js';
import type { IngestionResult } from '../apps/server/src/modules/documents/ingestion/ingestion-repository.js';
import { ChunksRepository } from '../apps/server/src/modules/documents/chunks-repository.js';
import { RETRIEVAL_TOP_K, SEARCH_BUDGET } from '../apps/server/src/modules/documents/retrieval-service.js';
import { planSearch } from '../apps/server/src/modules/documents/search-plan.js';
import { searchStatement } from '../apps/server/src/modules/documents/search-statement.js';
import { foldAccents } from '../apps/server/src/lib/fold-text.js';
import { SEARCH_CONFIGS, queryTerms } from '../apps/server/src/modules/documents/search-text.js';
import { HEADINGS, generator, paragraph } from './handbook-text.js';

/** Chunks per document row; a Spark's chunks are spread over documents like real uploads. */
export const CHUNKS_PER_DOCUMENT = 500;

/** A Spark's worth of chunks written straight into the database, indexed as ingestion indexes them. */
export interface Owner {
  tenantId: string;
}

export async function createTenant(db: Db, label: string): Promise<Owner> {
  const suffix = randomBytes(4).toString('hex');
  const [user] = rowsOf(
    await db.execute(sql`insert into users (username, email, language, verified_at)
      values (${`${label}.${suffix}@example.com`}, ${`${label}.${suffix}@example.com`}, 'en', now()) returning id`),
  );
  const [tenant] = rowsOf(
    await db.execute(sql`insert into tenants (owner_id, customer_id) values (${user!.id as string}, ${`cus_${label}_${suffix}`}) returning id`),
  );
  return { tenantId: tenant!.id as string };
}

export async function createSpark(db: Db, owner: Owner, name: string): Promise<string> {
  const [spark] = rowsOf(
    await db.execute(sql`insert into sparks (tenant_id, name, deploy_token, initial_message)
      values (${owner.tenantId}, ${name}, ${randomBytes(16).toString('hex')}, 'Hello! Ask me about the handbook.') returning id`),
  );
  return spark!.id as string;
}

export interface ChunkRow {
  document_id: string;
  ord: number;
  page: number;
  heading: string;
  text: string;
}

/**
 * Adds `count` chunks of ~150 words to a Spark, in documents of CHUNKS_PER_DOCUMENT chunks, with
 * the tsvector IngestionRepository.complete builds (English here). The generated text is plain
 * ASCII, so foldAccents leaves it as it is and the stored text is also what is indexed. Batches go
 * in `parallel` at a time (PostgreSQL has a pool; PGlite runs one statement at a time anyway).
 * `settle` leaves the tables as the product would find them once they are read (see `settlingOf`).
 */
export async function addChunks(
  db: Db,
  owner: Owner,
  sparkId: string,
  count: number,
  seed: number,
  parallel: number,
  settle: () => Promise<void>,
): Promise<void> {
  const r = generator(seed);
  const config = SEARCH_CONFIGS.en;
  const BATCH = 2_000;
  const batch = (size: number) => {
    const documents: string[] = [];
    const rows: ChunkRow[] = [];
    for (let start = 0; start < size; start += CHUNKS_PER_DOCUMENT) {
      const documentId = randomUUID();
      documents.push(documentId);
      for (let ord = 0; ord < Math.min(CHUNKS_PER_DOCUMENT, size - start); ord += 1) {
        const text = paragraph(r, 150);
        if (foldAccents(text) !== text) throw new Error('generated text must be plain ASCII');
        rows.push({ document_id: documentId, ord, page: Math.floor(ord / 4) + 1, heading: r.any(HEADINGS), text });
      }
    }
    return { documents, rows };
  };
  const store = async ({ documents, rows }: ReturnType<typeof batch>) => {
    await db.execute(sql`insert into documents (id, tenant_id, spark_id, name, kind, size_bytes, storage_key, status, pages, chunks, language)
      select id::uuid, ${owner.tenantId}, ${sparkId}, 'Handbook part ' || id || '.pdf', 'pdf', 1000000, 'bench/' || id, 'ready',
        ${CHUNKS_PER_DOCUMENT / 4}, ${CHUNKS_PER_DOCUMENT}, 'en'
      from jsonb_array_elements_text(${JSON.stringify(documents)}::jsonb) as ids(id)`);
    await db.execute(sql`
      insert into document_chunks (document_id, spark_id, ord, page, page_end, heading, text, tsv)
      select r.document_id, ${sparkId}, r.ord, r.page, r.page, r.heading, r.text,
        setweight(to_tsvector(${config}::regconfig, r.heading), 'A') || to_tsvector(${config}::regconfig, r.text)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(document_id uuid, ord integer, page integer, heading text, text text)`);
  };
  for (let done = 0; done < count;) {
    const group: Array<ReturnType<typeof batch>> = [];
    for (let index = 0; index < parallel && done < count; index += 1) {
      const size = Math.min(BATCH, count - done);
      group.push(batch(size));
      done += size;
    }
    await Promise.all(group.map(store));
  }
  await settle();
}

/**
 * How the tables stand once documents are read: on PGlite, as ingestion's settling leaves them
 * (search-index-settler.ts); on PostgreSQL, as autovacuum leaves them within a minute, analysed.
 */
export function settlingOf({ db, engine }: Database): () => Promise<void> {
  if (engine === 'pglite') return searchIndexSettler(db);
  return async () => {
    await db.execute(sql`analyze document_chunks`);
    await db.execute(sql`analyze documents`);
  };
}

/** A real document's chunks (as ingestDocument returns them) stored in a Spark, indexed in the document's language as ingestion does. */
export async function addDocument(db: Db, owner: Owner, sparkId: string, name: string, result: IngestionResult): Promise<void> {
  const documentId = randomUUID();
  const config = SEARCH_CONFIGS[result.language];
  await db.execute(sql`insert into documents (id, tenant_id, spark_id, name, kind, size_bytes, storage_key, status, pages, chunks, language)
    values (${documentId}, ${owner.tenantId}, ${sparkId}, ${name}, 'pdf', 1000, ${`bench/${documentId}`}, 'ready', ${result.pages}, ${result.chunks.length}, ${result.language})`);
  const rows = result.chunks.map((chunk) => ({ ...chunk, folded: foldAccents(chunk.text), foldedHeading: foldAccents(chunk.heading ?? '') }));
  await db.execute(sql`
    insert into document_chunks (document_id, spark_id, ord, page, page_end, heading, text, tsv)
    select ${documentId}, ${sparkId}, r.ord, r."page", r."pageEnd", r.heading, r.text,
      setweight(to_tsvector(${config}::regconfig, r."foldedHeading"), 'A') || to_tsvector(${config}::regconfig, r.folded)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(ord integer, "page" integer, "pageEnd" integer, heading text, text text, folded text, "foldedHeading" text)`);
}

/** Every word of a question under both stemmers, OR-ed: what ranking every match would have to score. */
export const querySql = (question: string) => {
  const text = queryTerms(question).join(' | ');
  return sql`select to_tsquery(${SEARCH_CONFIGS.en}::regconfig, ${text}) || to_tsquery(${SEARCH_CONFIGS.es}::regconfig, ${text}) as query`;
};

/** EXPLAIN ANALYZE of the statement ChunksRepository.search runs for a question, word for word. */
export async function explainSearch(db: Db, owner: Owner, sparkId: string, question: string): Promise<string> {
  const plan = planSearch(await new ChunksRepository(db).questionTerms(owner.tenantId, sparkId, queryTerms(question)), SEARCH_BUDGET, RETRIEVAL_TOP_K);
  if (plan.kind === 'none') return 'no word of the question is in the Spark';
  const result = await db.execute(sql`explain (analyze, buffers) ${searchStatement(owner.tenantId, sparkId, plan, RETRIEVAL_TOP_K)}`);
  return `${plan.kind}\n${rowsOf(result)
    .map((row) => String(Object.values(row)[0]))
    .join('\n')}`;
}

/** How many chunks of the Spark match a question: the rows the ranking has to score before the top K are known. */
export const matchCountSql = (sparkId: string, question: string) => sql`
      with q as (${querySql(question)})
      select count(*)::int as n from document_chunks c cross join q where c.spark_id = ${sparkId} and c.tsv @@ q.query`;
