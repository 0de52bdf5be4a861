import type { DocumentKind, DocumentProblemInfo } from '@sparks/contract';
import { serveWorkerRequests } from '../../../lib/serve-worker-requests.js';
import { ExtractionError } from './extracted-document.js';
import { ingestDocument } from './ingest-document.js';
import type { IngestionResult } from './ingestion-repository.js';

/** What the parent sends: one document to read. */
export interface ExtractRequest {
  kind: DocumentKind;
  bytes: Uint8Array;
  /** The owner's plan's scanned pages per document. */
  ocrPages?: number | undefined;
}

/** What the worker answers: the reading, or the document's problem in the owner's terms. */
export type WorkerAnswer = { ok: true; result: IngestionResult } | { ok: false; problem: DocumentProblemInfo };

/**
 * Worker-thread entry: reads documents one at a time and answers each. Lives apart from the main
 * thread so a hostile file can exhaust only this worker's heap and time, never the server's event
 * loop. Any other failure is thrown, and reaches the job as an error.
 */
serveWorkerRequests<ExtractRequest, WorkerAnswer>(async (request) => {
  try {
    return { ok: true, result: await ingestDocument(request.kind, request.bytes, { ocrPages: request.ocrPages }) };
  } catch (error) {
    if (error instanceof ExtractionError) return { ok: false, problem: error.problem };
    throw error;
  }
});
