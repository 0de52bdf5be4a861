import type { JobDefinition, JobQueue } from '../../../jobs/job-queue.js';
import { INGESTION_MAX_ATTEMPTS, type IngestionService } from './ingestion-service.js';

export const INGESTION_JOB = 'document-ingestion';
/** How often a worker looks for documents left waiting without a job. */
const SWEEP_SECONDS = 60;
/** How long a document waits before it is offered again while another of its tenant's is being read. */
const TURN_WAIT_SECONDS = 1;

export interface IngestionJobDeps {
  ingestion: IngestionService;
  /** Documents this instance reads at a time. */
  concurrency: number;
  /** Sends the job of a waiting document (the sweep uses it, and a document waiting its turn). */
  send: JobQueue['send'];
}

/** The ingestion job: read and index one document per job, and a sweep that sends the jobs of documents left waiting. */
export function ingestionJob({ ingestion, concurrency, send }: IngestionJobDeps): JobDefinition<{ documentId: string }> {
  return {
    // A reader still at it after this long is taken as dead, by the queue and by the row alike.
    expireInSeconds: ingestion.timeoutSeconds,
    // Every try counts on the row too; the row fails the document after the last one.
    retryLimit: INGESTION_MAX_ATTEMPTS,
    concurrency,
    sweep: {
      everySeconds: SWEEP_SECONDS,
      async run() {
        for (const id of await ingestion.waiting()) await send(INGESTION_JOB, { documentId: id }, id);
      },
    },
    async handle({ documentId }, context) {
      // Another of this tenant's documents (or this one, by another job) is being read: this one
      // waits its turn, and the reader is free for another tenant's document meanwhile.
      if ((await ingestion.read(documentId, context)) === 'busy')
        await send(INGESTION_JOB, { documentId }, documentId, { startAfterSeconds: TURN_WAIT_SECONDS });
    },
  };
}
