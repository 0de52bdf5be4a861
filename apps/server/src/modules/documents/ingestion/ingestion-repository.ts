import type { DocumentProblemInfo, PageRange, Language } from '@sparks/contract';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { documentChunks, documents } from '../../../db/schema.js';
import { foldAccents } from '../../../lib/fold-text.js';
import { SEARCH_CONFIGS } from '../search-text.js';
import type { DocumentRow } from '../documents-repository.js';
import type { Chunk } from './chunk-document.js';
import { vectorLiteral } from '../embedder.js';
import { lockSparkTerms } from '../../../db/spark-terms-lock.js';

const INSERT_BATCH = 200;

export interface IngestionResult {
  pages: number | null;
  language: Language;
  problem: DocumentProblemInfo | null;
  /** Pages left out as a table of contents or an index. */
  contentsPages: PageRange[];
  /** Pages read by OCR, and those read with low confidence. */
  ocrPages: PageRange[];
  lowConfidencePages: PageRange[];
  chunks: Chunk[];
  /** One per chunk, in order, when an embedding model is configured. */
  embeddings?: number[][];
}

/**
 * The ingestion job's view of documents. The job queue decides who works on a document; the row
 * keeps what users see and an attempt number that fences a worker the queue gave up on: only the
 * latest attempt may complete or fail it.
 */
export class IngestionRepository {
  constructor(private readonly db: Db) {}

  /**
   * Starts an attempt on a waiting document, or takes over one whose reader died (left
   * processing for longer than `staleSeconds`). Undefined when it is gone or done; 'busy' while
   * any document of the same tenant, this one included, has been processing for less than
   * `staleSeconds`: each tenant's documents are read one at a time, so no tenant holds every
   * reader (decision 0023), and two jobs for one document (a retry and a sweep's duplicate, which
   * an instance with several readers may hold at once) never read it side by side.
   */
  async begin(id: string, staleSeconds: number): Promise<DocumentRow | 'busy' | undefined> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx.select({ tenantId: documents.tenantId }).from(documents).where(eq(documents.id, id)).limit(1);
      if (!found) return undefined;
      // Two readers starting two documents of one tenant at once take turns here, so only one goes ahead.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ingestion:${found.tenantId}`}, 0))`);
      const [reading] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.tenantId, found.tenantId),
            eq(documents.status, 'processing'),
            gt(documents.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`),
          ),
        )
        .limit(1);
      if (reading) return 'busy' as const;
      const [row] = await tx
        .update(documents)
        .set({ status: 'processing', attempts: sql`${documents.attempts} + 1`, updatedAt: sql`now()` })
        .where(and(eq(documents.id, id), inArray(documents.status, ['queued', 'processing'])))
        .returning();
      return row;
    });
  }

  /** Documents waiting without a job: queued before a restart, or while the queue was unreachable. */
  async waiting(limit = 500): Promise<string[]> {
    const rows = await this.db.select({ id: documents.id }).from(documents).where(eq(documents.status, 'queued')).orderBy(documents.createdAt).limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * Hands a document back to the queue: at shutdown without counting the attempt, so the next
   * start takes it at once; after an unexpected failure counting it, so it is not tried forever.
   */
  async release(id: string, attempts: number, countAttempt: boolean): Promise<void> {
    await this.db
      .update(documents)
      .set({ status: 'queued', attempts: countAttempt ? attempts : attempts - 1 })
      .where(and(eq(documents.id, id), eq(documents.status, 'processing'), eq(documents.attempts, attempts)));
  }

  /**
   * Stores every chunk and marks the document ready in one transaction: a crash leaves either
   * nothing (and the document is claimed again) or all of it. A newer version takes the place of
   * the older ones in the same transaction, so answers come from one of them at every moment,
   * never both or neither. Answers null when the document was deleted, taken over or overtaken by
   * a newer ready version meanwhile (nothing is kept); otherwise the files of the versions it replaced.
   */
  async complete(document: DocumentRow, result: IngestionResult): Promise<{ replacedFiles: string[] } | null> {
    const config = SEARCH_CONFIGS[result.language];
    return this.db.transaction(async (tx) => {
      await lockSparkTerms(tx, document.sparkId);
      const [owned] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, document.id), eq(documents.status, 'processing'), eq(documents.attempts, document.attempts)))
        .for('update')
        .limit(1);
      if (!owned) return null;
      const lineage = document.lineageId ?? document.id;
      const sameLineage = and(eq(documents.sparkId, document.sparkId), sql`coalesce(${documents.lineageId}, ${documents.id}) = ${lineage}::uuid`);
      const [newer] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(sameLineage, gt(documents.version, document.version), eq(documents.status, 'ready')))
        .limit(1);
      if (newer) {
        await tx.delete(documents).where(eq(documents.id, document.id));
        return null;
      }
      await tx.delete(documentChunks).where(eq(documentChunks.documentId, document.id));
      for (let start = 0; start < result.chunks.length; start += INSERT_BATCH) {
        const inserted = await tx
          .insert(documentChunks)
          .values(
            result.chunks.slice(start, start + INSERT_BATCH).map((chunk) => ({
              documentId: document.id,
              sparkId: document.sparkId,
              ord: chunk.ord,
              page: chunk.page,
              pageEnd: chunk.pageEnd,
              heading: chunk.heading,
              path: chunk.path,
              kind: chunk.kind,
              fields: chunk.fields ?? null,
              text: chunk.text,
              tsv: sql`setweight(to_tsvector(${config}::regconfig, ${foldAccents(chunk.heading ?? '')}), 'A') || to_tsvector(${config}::regconfig, ${foldAccents(chunk.text)})`,
            })),
          )
          .returning({ id: documentChunks.id, ord: documentChunks.ord });
        const vectors = result.embeddings;
        if (vectors) {
          for (const row of inserted) {
            const vector = vectors[row.ord];
            if (vector)
              await tx.execute(
                sql`insert into chunk_embeddings (chunk_id, spark_id, embedding) values (${row.id}, ${document.sparkId}, ${vectorLiteral(vector)}::vector)`,
              );
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
          contentsPages: result.contentsPages.length > 0 ? result.contentsPages : null,
          ocrPages: result.ocrPages.length > 0 ? result.ocrPages : null,
          lowConfidencePages: result.lowConfidencePages.length > 0 ? result.lowConfidencePages : null,
          replacesId: null,
          updatedAt: sql`now()`,
        })
        .where(eq(documents.id, document.id));
      const replaced = await tx
        .delete(documents)
        .where(and(sameLineage, lt(documents.version, document.version)))
        .returning({ storageKey: documents.storageKey });
      return { replacedFiles: replaced.map((row) => row.storageKey) };
    });
  }

  async fail(document: DocumentRow, problem: DocumentProblemInfo, pages: number | null = null): Promise<void> {
    await this.db
      .update(documents)
      .set({ status: 'failed', problem, pages, updatedAt: sql`now()` })
      .where(and(eq(documents.id, document.id), eq(documents.attempts, document.attempts)));
  }
}
