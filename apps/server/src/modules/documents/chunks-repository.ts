import type { Language, PageRange, PassageField, PassageKind } from '@sparks/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { documentChunks, documents } from '../../db/schema.js';
import { rowsOf } from '../../db/sql-results.js';
import type { QuestionTerm, QuestionTerms, SearchPlan } from './search-plan.js';
import { SEARCH_CONFIGS } from './search-text.js';
import { searchStatement } from './search-statement.js';

export interface ChunkHit {
  chunkId: string;
  documentId: string;
  title: string;
  page: number | null;
  pageEnd: number | null;
  heading: string | null;
  /** The headings above the passage, outermost first. */
  path: string[];
  kind: PassageKind;
  /** A row's cells or a record's fields, by name. */
  fields: PassageField[] | null;
  text: string;
  score: number;
  /** The web page the passage's document was read from (a website's page), cited as a link. */
  url: string | null;
}

const hitOf = (row: Record<string, unknown>): ChunkHit => ({
  chunkId: String(row.id),
  documentId: String(row.document_id),
  // A website's page is stored as "<title>.md"; it is cited by its title, with its address.
  title: row.source_url ? String(row.name).replace(/\.md$/i, '') : String(row.name),
  page: row.page === null ? null : Number(row.page),
  pageEnd: row.page_end === null ? null : Number(row.page_end),
  heading: row.heading === null ? null : String(row.heading),
  path: Array.isArray(row.path) ? (row.path as unknown[]).map(String) : [],
  kind: row.kind === 'table' || row.kind === 'record' ? row.kind : 'prose',
  fields: Array.isArray(row.fields) ? (row.fields as PassageField[]) : null,
  text: String(row.text),
  score: Number(row.score ?? 0),
  url: typeof row.source_url === 'string' ? row.source_url : null,
});

/** How many of a Spark's newest sources an outline reads: an uploaded document is one, a website's pages together are one. */
const OUTLINED_SOURCES = 3;

/**
 * The Spark's ready documents of its newest sources, as the body of a `recent` query: each with
 * `newest` (when its source last grew) and `added`, so an outline reads the newest source first
 * and, within one, its pages in the order they were read (a site's home page before its others).
 */
const recentDocuments = (tenantId: string, sparkId: string) => sql`
  with ready as (
    select id, name, source_url, created_at, coalesce(substring(source_url from '^[a-z]+://[^/]+'), id::text) as source
    from documents where spark_id = ${sparkId} and tenant_id = ${tenantId} and status = 'ready'
  ),
  sources as (select source, max(created_at) as newest from ready group by source order by newest desc limit ${OUTLINED_SOURCES})
  select r.id, r.name, r.source_url, r.source, s.newest, r.created_at as added from ready r join sources s on s.source = r.source`;

/** Full-text search over one Spark's chunks; the tenant is named too, so a Spark id alone never reaches another tenant's text. */
export class ChunksRepository {
  constructor(private readonly db: Db) {}

  /**
   * Each word of a question as both stemmers read it, with how many of the Spark's chunks hold it,
   * and the Spark's chunk count. Counts of another tenant's Spark read as none.
   */
  async questionTerms(tenantId: string, sparkId: string, words: readonly string[]): Promise<QuestionTerms> {
    if (words.length === 0) return { terms: [], total: 0 };
    const text = words.join(' ');
    const result = await this.db.execute(sql`
      with words as (
        select 'en' as config, unnest(tsvector_to_array(to_tsvector(${SEARCH_CONFIGS.en}::regconfig, ${text}))) as lexeme
        union all
        select 'es', unnest(tsvector_to_array(to_tsvector(${SEARCH_CONFIGS.es}::regconfig, ${text})))
      )
      select w.config, w.lexeme, coalesce(t.chunks, 0) as chunks,
        (select coalesce(sum(d.chunks), 0) from documents d where d.tenant_id = ${tenantId} and d.spark_id = ${sparkId} and d.status = 'ready') as total
      from words w left join spark_terms t on t.spark_id = ${sparkId} and t.lexeme = w.lexeme
        and exists (select 1 from sparks s where s.id = ${sparkId} and s.tenant_id = ${tenantId})`);
    const rows = rowsOf(result);
    return {
      terms: rows.map((row) => ({ config: row.config as QuestionTerm['config'], lexeme: String(row.lexeme), chunks: Number(row.chunks) })),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  /**
   * Up to `limit` chunks whose section heading holds every one of these words (weight A in the
   * index is the heading): for "What is R?", the FAQ entry titled so, which BM25 alone may rank
   * low in a long document where every passage says "R".
   */
  async headed(tenantId: string, sparkId: string, lexemes: readonly string[], limit: number): Promise<ChunkHit[]> {
    if (lexemes.length === 0) return [];
    const query = lexemes.map((lexeme) => `'${lexeme}':A`).join(' & ');
    const result = await this.db.execute(sql`
      select c.id, c.document_id, d.name, d.source_url, c.page, c.page_end, c.heading, c.path, c.kind, c.fields, c.text, 0 as score
      from document_chunks c join documents d on d.id = c.document_id
      where c.spark_id = ${sparkId} and d.tenant_id = ${tenantId} and c.tsv @@ ${query}::tsquery
      limit ${limit}`);
    return rowsOf(result).map(hitOf);
  }

  /**
   * Up to `limit` chunks whose heading holds `phrase` as whole words: for questions whose every word
   * the stemmer drops as a stop word ("What is S?"), the last way to find the section named so.
   */
  async headedByPhrase(tenantId: string, sparkId: string, phrase: string, limit: number): Promise<ChunkHit[]> {
    // The phrase is lower-case letters, digits and single spaces (questionPhrase): safe inside a regular expression.
    const pattern = `\\m${phrase}\\M`;
    const result = await this.db.execute(sql`
      select c.id, c.document_id, d.name, d.source_url, c.page, c.page_end, c.heading, c.path, c.kind, c.fields, c.text, 0 as score
      from document_chunks c join documents d on d.id = c.document_id
      where c.spark_id = ${sparkId} and d.tenant_id = ${tenantId} and lower(c.heading) ~ ${pattern}
      order by d.created_at, c.ord
      limit ${limit}`);
    return rowsOf(result).map(hitOf);
  }

  /**
   * The chunks a plan names, ranked by BM25 against every word of the question. Candidates are
   * capped by the plan, so a question's cost does not grow with the Spark.
   */
  async search(tenantId: string, sparkId: string, plan: SearchPlan, limit: number): Promise<ChunkHit[]> {
    if (plan.kind === 'none') return [];
    return rowsOf(await this.db.execute(searchStatement(tenantId, sparkId, plan, limit))).map(hitOf);
  }

  /** Chunks nearest to a question's embedding (cosine distance), scored 1 − distance. */
  async searchVector(tenantId: string, sparkId: string, vector: string, limit: number): Promise<ChunkHit[]> {
    const result = await this.db.execute(sql`
      select c.id, c.document_id, d.name, d.source_url, c.page, c.page_end, c.heading, c.path, c.kind, c.fields, c.text, 1 - (e.embedding <=> ${vector}::vector) as score
      from chunk_embeddings e
      join document_chunks c on c.id = e.chunk_id
      join documents d on d.id = c.document_id
      where e.spark_id = ${sparkId} and d.tenant_id = ${tenantId}
      order by e.embedding <=> ${vector}::vector, d.created_at, c.ord
      limit ${limit}`);
    return rowsOf(result).map(hitOf);
  }

  /** The languages the Spark's ready documents are written in, as ingestion detected them. */
  async languages(tenantId: string, sparkId: string): Promise<Array<Language>> {
    const rows = await this.db
      .selectDistinct({ language: documents.language })
      .from(documents)
      .where(and(eq(documents.sparkId, sparkId), eq(documents.tenantId, tenantId), eq(documents.status, 'ready'), sql`${documents.language} is not null`));
    return rows.flatMap((row) => (row.language ? [row.language] : [])).sort();
  }

  /** The first chunks of the Spark's newest ready documents: what a summary starts from. */
  async opening(tenantId: string, sparkId: string, limit: number): Promise<ChunkHit[]> {
    const result = await this.db.execute(sql`
      select c.id, c.document_id, d.name, d.source_url, c.page, c.page_end, c.heading, c.path, c.kind, c.fields, c.text, 0 as score
      from document_chunks c
      join documents d on d.id = c.document_id
      where c.spark_id = ${sparkId} and d.tenant_id = ${tenantId} and d.status = 'ready'
      order by d.created_at desc, c.ord
      limit ${limit}`);
    return rowsOf(result).map(hitOf);
  }

  /**
   * The opening passage of every section of the Spark's newest documents, in reading order: what
   * an outline of them is made from. Bounded to the three newest sources.
   */
  async sectionOpenings(tenantId: string, sparkId: string): Promise<ChunkHit[]> {
    const result = await this.db.execute(sql`
      with recent as (${recentDocuments(tenantId, sparkId)}),
      openings as (
        select distinct on (c.document_id, c.heading) c.id, c.document_id, r.name, r.source_url, c.page, c.page_end, c.heading, c.path, c.kind, c.fields, c.text, c.ord, r.newest, r.added
        from document_chunks c join recent r on r.id = c.document_id
        where c.spark_id = ${sparkId} and c.heading is not null
        order by c.document_id, c.heading, c.ord
      )
      select id, document_id, name, source_url, page, page_end, heading, path, kind, fields, text, 0 as score from openings order by newest desc, added, document_id, ord`);
    return rowsOf(result).map(hitOf);
  }

  /** The documents of the Spark's three newest sources, newest source first, a source's documents in the order they were added. */
  async outlinedDocuments(tenantId: string, sparkId: string): Promise<Array<{ documentId: string; source: string }>> {
    const result = await this.db.execute(sql`
      with recent as (${recentDocuments(tenantId, sparkId)})
      select id, source from recent order by newest desc, added, id`);
    return rowsOf(result).map((row) => ({ documentId: String(row.id), source: String(row.source) }));
  }

  /**
   * About `perDocument` passages of each document of the Spark's three newest sources, spread evenly from
   * first to last: what an outline is made from when a document has no headings to go by (a plain
   * text, a licence). A passage is taken where its place times `perDocument` over the document's
   * length reaches the next whole number.
   */
  async spreadPassages(tenantId: string, sparkId: string, perDocument: number): Promise<ChunkHit[]> {
    const result = await this.db.execute(sql`
      with recent as (${recentDocuments(tenantId, sparkId)}),
      numbered as (
        select c.id, c.document_id, r.name, r.source_url, c.page, c.page_end, c.heading, c.path, c.kind, c.fields, c.text, c.ord, r.newest, r.added,
          row_number() over (partition by c.document_id order by c.ord) - 1 as place,
          count(*) over (partition by c.document_id) as total
        from document_chunks c join recent r on r.id = c.document_id
        where c.spark_id = ${sparkId}
      )
      select id, document_id, name, source_url, page, page_end, heading, path, kind, fields, text, 0 as score from numbered
      where place = 0 or (place * ${perDocument}) / total <> ((place - 1) * ${perDocument}) / total
      order by newest desc, added, document_id, ord`);
    return rowsOf(result).map(hitOf);
  }

  async find(tenantId: string, sparkId: string, chunkId: string): Promise<(ChunkHit & { ocrPages: PageRange[] }) | undefined> {
    const [row] = await this.db
      .select({
        id: documentChunks.id,
        document_id: documentChunks.documentId,
        name: documents.name,
        page: documentChunks.page,
        page_end: documentChunks.pageEnd,
        heading: documentChunks.heading,
        path: documentChunks.path,
        kind: documentChunks.kind,
        fields: documentChunks.fields,
        text: documentChunks.text,
        ocrPages: documents.ocrPages,
      })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.id, documentChunks.documentId))
      .where(and(eq(documentChunks.id, chunkId), eq(documentChunks.sparkId, sparkId), eq(documents.tenantId, tenantId)))
      .limit(1);
    return row ? { ...hitOf({ ...row, score: 0 }), ocrPages: row.ocrPages ?? [] } : undefined;
  }
}
