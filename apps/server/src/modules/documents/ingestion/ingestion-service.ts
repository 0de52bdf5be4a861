import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import type { AccountEvents } from '../../../lib/account-events.js';
import type { FileStorage } from '../../../storage/file-storage.js';
import type { Embedder } from '../embedder.js';
import { ExtractionError } from './extracted-document.js';
import { ingestInWorker } from './ingest-in-worker.js';
import { IngestionRepository } from './ingestion-repository.js';

/** A document that crashes its worker this many times is failed rather than tried forever. */
export const INGESTION_MAX_ATTEMPTS = 3;

const internalProblem = { code: 'internal' as const, message: 'The document could not be processed. Delete it and upload it again.' };

export interface IngestionServiceDeps {
  storage: FileStorage;
  log: FastifyBaseLogger;
  embedder?: Embedder | undefined;
  /** Seconds after which a document still being read is taken as its reader having died. */
  timeoutSeconds: number;
  /** The scanned pages the tenant's plan lets OCR read in one document. */
  ocrPagesOf(tenantId: string): Promise<number>;
  /** Where a document read or failed is announced (webhooks). */
  events: AccountEvents;
  /** After a document is ready, on the embedded database only: PostgreSQL's autovacuum does it there (search-index-settler.ts). */
  settleSearchIndex?: () => Promise<void>;
}

/** Reading documents into passages, the outcome recorded on each document's row. */
export class IngestionService {
  private readonly repository: IngestionRepository;

  constructor(
    db: Db,
    private readonly deps: IngestionServiceDeps,
  ) {
    this.repository = new IngestionRepository(db);
  }

  get timeoutSeconds(): number {
    return this.deps.timeoutSeconds;
  }

  /** Documents left waiting (queued, or abandoned by a reader that died). */
  waiting(): Promise<string[]> {
    return this.repository.waiting();
  }

  /**
   * Reads one document, unless another of its tenant's is being read: then it answers 'busy' and
   * the document waits its turn. Throws only a failure that is worth trying again (`lastAttempt`
   * false), with the attempt handed back on the row.
   */
  async read(documentId: string, { signal, lastAttempt }: { signal: AbortSignal; lastAttempt: boolean }): Promise<'busy' | undefined> {
    const { repository, deps } = this;
    const { storage, log, embedder } = deps;
    const document = await repository.begin(documentId, deps.timeoutSeconds);
    if (!document || document === 'busy') return document;
    const announce = (event: 'document.ready' | 'document.failed', problem?: string) =>
      deps.events.announce({
        tenantId: document.tenantId,
        event,
        data: { sparkId: document.sparkId, documentId: document.id, name: document.name, ...(problem ? { problem } : {}) },
      });
    if (document.attempts > INGESTION_MAX_ATTEMPTS) {
      await repository.fail(document, internalProblem);
      await announce('document.failed', internalProblem.message);
      return;
    }
    try {
      const ocrPages = await deps.ocrPagesOf(document.tenantId);
      const result = await ingestInWorker(document.kind, await storage.read(document.storageKey), { signal, ocrPages });
      if (embedder && result.chunks.length > 0) {
        try {
          await embedder.ensureTable();
          result.embeddings = await embedder.embed(
            result.chunks.map((chunk) => (chunk.heading ? `${chunk.heading}\n${chunk.text}` : chunk.text)),
            { signal, retries: 2 },
          );
        } catch (error) {
          // Full-text search still finds the document; only the semantic half of hybrid search misses it.
          if (signal.aborted) throw error;
          log.warn({ err: error, documentId: document.id }, 'embedding failed; the document is indexed for full-text search only');
        }
      }
      const completed = await repository.complete(document, result);
      if (!completed) log.info({ documentId: document.id }, 'document deleted or overtaken by a newer version while it was ingested');
      else {
        await announce('document.ready');
        // Searches slow down and plans go stale without it; the document is ready either way.
        await deps.settleSearchIndex?.().catch((error: unknown) => log.warn({ err: error }, 'the search index was not settled after a document'));
      }
      // The versions it replaced are gone from the database; their files go after (a failure here only leaves a file behind).
      for (const key of completed?.replacedFiles ?? [])
        await storage.remove(key).catch((error: unknown) => log.warn({ err: error, storageKey: key }, 'a replaced version’s file was not removed'));
    } catch (error) {
      if (error instanceof ExtractionError) {
        await repository.fail(document, error.problem);
        await announce('document.failed', error.problem.message);
      } else if (signal.aborted) {
        // Stopping: the attempt does not count, and the next start's sweep sends the job again.
        await repository.release(document.id, document.attempts, false);
      } else if (lastAttempt || document.attempts >= INGESTION_MAX_ATTEMPTS) {
        log.error({ err: error, documentId: document.id }, 'document ingestion failed');
        await repository.fail(document, internalProblem);
        await announce('document.failed', internalProblem.message);
      } else {
        log.warn({ err: error, documentId: document.id }, 'document ingestion failed; it is tried again');
        await repository.release(document.id, document.attempts, true);
        throw error;
      }
    }
  }
}
