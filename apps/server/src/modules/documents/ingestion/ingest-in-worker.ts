import type { DocumentKind } from '@sparks/contract';
import { ExtractionError } from './extracted-document.js';
import { INGESTION_BUDGET_MS } from './ingest-document.js';
import type { IngestionResult } from './ingestion-repository.js';
import type { ExtractRequest, WorkerAnswer } from './extract-worker.js';
import { WorkerLimitError, WorkerPool } from '../../../lib/worker-pool.js';

export interface WorkerLimits {
  /** Hard stop: the worker is terminated, whatever it is doing. */
  timeoutMs?: number;
  /** The worker's own heap; a document that needs more fails alone. */
  memoryMb?: number;
  signal?: AbortSignal;
  /** Scanned pages OCR may read (the owner's plan). */
  ocrPages?: number;
}

/** Past the reader's own time budget, so a well-behaved document always stops itself first. */
const HARD_TIMEOUT_MS = INGESTION_BUDGET_MS + 10_000;
const WORKER_HEAP_MB = 512;

const tooComplex = () => new ExtractionError('too_complex', 'Reading the document took too much time or memory.');

/** Readers of one instance at a time, at most (the ingestion job's concurrency stays below it). */
const MAX_IDLE = 8;

/** Warm readers are kept between documents: starting one loads pdf.js and the rest afresh. */
const readers = new WorkerPool<ExtractRequest, WorkerAnswer>({
  entry: { callerUrl: import.meta.url, name: 'extract-worker' },
  heapMb: WORKER_HEAP_MB,
  maxIdle: MAX_IDLE,
});

/** Reads a document in a worker thread with its own heap and a hard time limit (docs/decisions/0008). */
export async function ingestInWorker(kind: DocumentKind, bytes: Uint8Array, limits: WorkerLimits = {}): Promise<IngestionResult> {
  // A copy is transferred: the caller keeps its bytes (a Buffer may share its memory with others).
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  let answer: WorkerAnswer;
  try {
    answer = await readers.run(
      { kind, bytes: copy, ocrPages: limits.ocrPages },
      { timeoutMs: limits.timeoutMs ?? HARD_TIMEOUT_MS, signal: limits.signal, heapMb: limits.memoryMb, transfer: [copy.buffer] },
    );
  } catch (error) {
    throw error instanceof WorkerLimitError ? tooComplex() : error;
  }
  if (answer.ok) return answer.result;
  throw new ExtractionError(answer.problem.code, answer.problem.message, answer.problem.pages, answer.problem.limit);
}
