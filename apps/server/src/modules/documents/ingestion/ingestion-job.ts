import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import type { JobDefinition, JobQueue } from '../../../jobs/job-queue.js';
import type { FileStorage } from '../../../storage/file-storage.js';
import { ExtractionError } from './extracted-document.js';
import { ingestInWorker } from './ingest-in-worker.js';
import { IngestionRepository } from './ingestion-repository.js';
import type { Embedder } from '../embedder.js';

export const INGESTION_JOB = 'document-ingestion';
/** A document that crashes its worker this many times is failed rather than tried forever. */
export const INGESTION_MAX_ATTEMPTS = 3;
/** How often a worker looks for documents left waiting without a job. */
const SWEEP_SECONDS = 60;
/** How long a document waits before it is offered again while another of its tenant's is being read. */
const TURN_WAIT_SECONDS = 1;

const internalProblem = { code: 'internal' as const, message: 'The document could not be processed. Delete it and upload it again.' };

export interface IngestionJobDeps {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  embedder?: Embedder | undefined;
  /** Seconds after which a document still being read is taken as its worker having died. */
  timeoutSeconds: number;
  /** Documents this instance reads at a time. */
  concurrency: number;
  /** The scanned pages the tenant's plan lets OCR read in one document. */
  ocrPagesOf(tenantId: string): Promise<number>;
  /** Sends the job of a waiting document (the sweep uses it, and a document waiting its turn). */
  send: JobQueue['send'];
}

/** The ingestion job: read and index one document, record the outcome on its row. */
export function ingestionJob(deps: IngestionJobDeps): JobDefinition<{ documentId: string }> {
  const { db, storage, log, embedder } = deps;
  const repository = new IngestionRepository(db);
  return {
    expireInSeconds: deps.timeoutSeconds,
    // Every try counts on the row too; the row fails the document after the last one.
    retryLimit: INGESTION_MAX_ATTEMPTS,
    concurrency: deps.concurrency,
    sweep: {
      everySeconds: SWEEP_SECONDS,
      async run() {
        for (const id of await repository.waiting()) await deps.send(INGESTION_JOB, { documentId: id }, id);
      },
    },
    async handle({ documentId }, { signal, lastAttempt }) {
      const document = await repository.begin(documentId, deps.timeoutSeconds);
      if (!document) return;
      if (document === 'busy') {
        // Another of this tenant's documents (or this one, by another job) is being read: this one
        // waits its turn, and the reader is free for another tenant's document meanwhile.
        await deps.send(INGESTION_JOB, { documentId }, documentId, { startAfterSeconds: TURN_WAIT_SECONDS });
        return;
      }
      if (document.attempts > INGESTION_MAX_ATTEMPTS) {
        await repository.fail(document, internalProblem);
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
        // The versions it replaced are gone from the database; their files go after (a failure here only leaves a file behind).
        for (const key of completed?.replacedFiles ?? [])
          await storage.remove(key).catch((error: unknown) => log.warn({ err: error, storageKey: key }, 'a replaced version’s file was not removed'));
      } catch (error) {
        if (error instanceof ExtractionError) await repository.fail(document, error.problem);
        else if (signal.aborted) {
          // Stopping: the attempt does not count, and the next start's sweep sends the job again.
          await repository.release(document.id, document.attempts, false);
        } else if (lastAttempt || document.attempts >= INGESTION_MAX_ATTEMPTS) {
          log.error({ err: error, documentId: document.id }, 'document ingestion failed');
          await repository.fail(document, internalProblem);
        } else {
          log.warn({ err: error, documentId: document.id }, 'document ingestion failed; it is tried again');
          await repository.release(document.id, document.attempts, true);
          throw error;
        }
      }
    },
  };
}
