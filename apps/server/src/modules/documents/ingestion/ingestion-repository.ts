import type { DocumentProblemInfo } from '@sparks/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { documentChunks, documents } from '../../../db/schema.js';
import { rowsOf } from '../../../db/sql-results.js';
import { SEARCH_CONFIGS, foldAccents } from '../search-text.js';
import type { DocumentRow } from '../documents-repository.js';
import type { Chunk } from './chunk-document.js';
import { vectorLiteral } from '../embedder.js';
import { lockSparkTerms } from '../spark-terms-lock.js';

const INSERT_BATCH = 200;

export interface IngestionResult {
  pages: number | null;
  language: 'en' | 'es';
  problem: DocumentProblemInfo | null;
  chunks: Chunk[];
  /** One per chunk, in order, when an embedding model is configured. */
  embeddings?: number[][];
}

/**
 * The documents table as a job queue (docs/decisions/0008). A claim takes the oldest waiting
 * document, or one whose worker stopped renewing its lock, with SKIP LOCKED so any number of
 * workers on any number of instances never take the same one.
 */
export class IngestionRepository {
  constructor(private readonly db: Db) {}

  async claim(lockMs: number): Promise<DocumentRow | undefined> {
    const result = await this.db.execute(sql`
      update documents set status = 'processing', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${lockMs / 1000}), updated_at = now()
      where id = (
        select id from documents
        where status = 'queued' or (status = 'processing' and locked_until < now())
        order by created_at
        for update skip locked
        limit 1
      )
      returning id`);
    const id = rowsOf(result)[0]?.id as string | undefined;
    if (!id) return undefined;
    const [row] = await this.db.select().from(documents).where(eq(documents.id, id)).limit(1);
    return row;
  }

  /** Keeps the claim while a long document is read; false when the document is gone or was taken over. */
  async renew(id: string, attempts: number, lockMs: number): Promise<boolean> {
    const rows = await this.db
      .update(documents)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${lockMs / 1000})` })
      .where(and(eq(documents.id, id), eq(documents.status, 'processing'), eq(documents.attempts, attempts)))
      .returning({ id: documents.id });
    return rows.length === 1;
  }

  /**
   * Hands a document back to the queue: at shutdown without counting the attempt, so the next
   * start takes it at once; after an unexpected failure counting it, so it is not tried forever.
   */
  async release(id: string, attempts: number, countAttempt: boolean): Promise<void> {
    await this.db
      .update(documents)
      .set({ status: 'queued', attempts: countAttempt ? attempts : attempts - 1, lockedUntil: null })
      .where(and(eq(documents.id, id), eq(documents.status, 'processing'), eq(documents.attempts, attempts)));
  }

  /**
   * Stores every chunk and marks the document ready in one transaction: a crash leaves either
   * nothing (and the document is claimed again) or all of it. Answers false when the document
   * was deleted or taken over meanwhile, in which case nothing is kept.
   */
  async complete(document: DocumentRow, result: IngestionResult): Promise<boolean> {
    const config = SEARCH_CONFIGS[result.language];
    return this.db.transaction(async (tx) => {
      await lockSparkTerms(tx, document.sparkId);
      const [owned] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, document.id), eq(documents.status, 'processing'), eq(documents.attempts, document.attempts)))
        .for('update')
        .limit(1);
      if (!owned) return false;
      await tx.delete(documentChunks).where(eq(documentChunks.documentId, document.id));
      for (let start = 0; start < result.chunks.length; start += INSERT_BATCH) {
        const inserted = await tx.insert(documentChunks).values(
          result.chunks.slice(start, start + INSERT_BATCH).map((chunk) => ({
            documentId: document.id,
            sparkId: document.sparkId,
            ord: chunk.ord,
            page: chunk.page,
            pageEnd: chunk.pageEnd,
            heading: chunk.heading,
            text: chunk.text,
            tsv: sql`setweight(to_tsvector(${config}::regconfig, ${foldAccents(chunk.heading ?? '')}), 'A') || to_tsvector(${config}::regconfig, ${foldAccents(chunk.text)})`,
          })),
        ).returning({ id: documentChunks.id, ord: documentChunks.ord });
        const vectors = result.embeddings;
        if (vectors) {
          for (const row of inserted) {
            const vector = vectors[row.ord];
            if (vector) await tx.execute(sql`insert into chunk_embeddings (chunk_id, spark_id, embedding) values (${row.id}, ${document.sparkId}, ${vectorLiteral(vector)}::vector)`);
          }
        }
      }
      await tx
        .update(documents)
        .set({
          status: 'ready',
          pages: result.pages,
          chunks: result.chunks.length,
          language: result.language,
          problem: result.problem,
          lockedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(eq(documents.id, document.id));
      return true;
    });
  }

  async fail(document: DocumentRow, problem: DocumentProblemInfo, pages: number | null = null): Promise<void> {
    await this.db
      .update(documents)
      .set({ status: 'failed', problem, pages, lockedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(documents.id, document.id), eq(documents.attempts, document.attempts)));
  }
}
