import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import type { JobStep } from '../../../jobs/job-runner.js';
import type { FileStorage } from '../../../storage/file-storage.js';
import { ExtractionError } from './extracted-document.js';
import { ingestInWorker } from './ingest-in-worker.js';
import { IngestionRepository } from './ingestion-repository.js';
import type { Embedder } from '../embedder.js';

export const INGESTION_JOB = 'document-ingestion';
/** How long a claim lasts without renewal: a worker that died is replaced after this. */
export const INGESTION_LOCK_MS = 60_000;
/** A document that crashes its worker this many times is failed rather than tried forever. */
export const INGESTION_MAX_ATTEMPTS = 3;

const internalProblem = { code: 'internal' as const, message: 'The document could not be processed. Delete it and upload it again.' };

/** One step of the ingestion job: claim a waiting document, read and index it, record the outcome. */
export function ingestionStep(db: Db, storage: FileStorage, log: FastifyBaseLogger, embedder?: Embedder, lockMs = INGESTION_LOCK_MS): JobStep {
  const repository = new IngestionRepository(db);
  return async (signal) => {
    const document = await repository.claim(lockMs);
    if (!document) return false;
    if (document.attempts > INGESTION_MAX_ATTEMPTS) {
      await repository.fail(document, internalProblem);
      return true;
    }
    const heartbeat = setInterval(() => void repository.renew(document.id, document.attempts, lockMs).catch(() => undefined), lockMs / 3);
    try {
      const result = await ingestInWorker(document.kind, await storage.read(document.storageKey), { signal });
      if (embedder && result.chunks.length > 0) {
        try {
          await embedder.ensureTable();
          result.embeddings = await embedder.embed(result.chunks.map((chunk) => (chunk.heading ? `${chunk.heading}\n${chunk.text}` : chunk.text)), { signal, retries: 2 });
        } catch (error) {
          // Full-text search still finds the document; only the semantic half of hybrid search misses it.
          if (signal.aborted) throw error;
          log.warn({ err: error, documentId: document.id }, 'embedding failed; the document is indexed for full-text search only');
        }
      }
      if (!(await repository.complete(document, result))) log.info({ documentId: document.id }, 'document deleted while it was ingested');
    } catch (error) {
      if (error instanceof ExtractionError) await repository.fail(document, error.problem);
      else if (signal.aborted) await repository.release(document.id, document.attempts, false);
      else {
        log.error({ err: error, documentId: document.id }, 'document ingestion failed');
        if (document.attempts >= INGESTION_MAX_ATTEMPTS) await repository.fail(document, internalProblem);
        else await repository.release(document.id, document.attempts, true);
      }
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  };
}
