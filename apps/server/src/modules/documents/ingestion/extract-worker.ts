import { parentPort } from 'node:worker_threads';
import type { DocumentKind } from '@sparks/contract';
import { ExtractionError } from './extracted-document.js';
import { ingestDocument } from './ingest-document.js';

/** What the parent sends: one document to read. */
export interface ExtractRequest {
  kind: DocumentKind;
  bytes: Uint8Array;
  /** The owner's plan's scanned pages per document. */
  ocrPages?: number | undefined;
}

/**
 * Worker-thread entry: reads documents one at a time and posts each outcome. Lives apart from the
 * main thread so a hostile file can exhaust only this worker's heap and time, never the server's
 * event loop. The parent sends the next document only after the reply to the last.
 */
parentPort?.on('message', (request: ExtractRequest) => {
  ingestDocument(request.kind, request.bytes, { ocrPages: request.ocrPages }).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) =>
      parentPort?.postMessage(
        error instanceof ExtractionError
          ? { ok: false, problem: error.problem }
          : { ok: false, message: error instanceof Error ? error.message : String(error) },
      ),
  );
});
