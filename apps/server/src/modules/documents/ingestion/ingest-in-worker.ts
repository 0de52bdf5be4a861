import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { DocumentKind, DocumentProblemInfo } from '@sparks/contract';
import { ExtractionError } from './extracted-document.js';
import { INGESTION_BUDGET_MS } from './ingest-document.js';
import type { IngestionResult } from './ingestion-repository.js';
import type { ExtractRequest } from './extract-worker.js';

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

type WorkerReply = { ok: true; result: IngestionResult } | { ok: false; problem: DocumentProblemInfo } | { ok: false; message: string };

const tooComplex = () => new ExtractionError('too_complex', 'Reading the document took too much time or memory.');

/** From sources, the worker registers tsx before importing the TypeScript entry (workers ignore `--import`). */
const TSX_BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(require('node:worker_threads').workerData.entry); });`;

/**
 * The bundled server runs dist/extract-worker.js beside dist/main.js; from sources (tests, the
 * benchmarks, `npm run dev`) the TypeScript entry runs through tsx.
 */
function startWorker(options: WorkerOptions): Worker {
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(TSX_BOOTSTRAP, { ...options, eval: true, workerData: { entry: new URL('./extract-worker.ts', import.meta.url).href } })
    : new Worker(new URL('./extract-worker.js', import.meta.url), options);
  // Set once for the worker's life: an idle worker that fails or exits is forgotten, never an unhandled 'error'.
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

/**
 * Warm workers are kept between documents, one per document read at a time: starting one loads
 * pdf.js and the rest afresh, which costs more than reading a short document. A worker that timed
 * out, ran out of memory or was stopped is never reused.
 */
const idle: Worker[] = [];
/** Readers of one instance at a time, at most (the ingestion job's concurrency stays below it). */
const MAX_IDLE = 8;

function acquire(memoryMb: number | undefined): Worker {
  const options: WorkerOptions = {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb ?? WORKER_HEAP_MB, maxYoungGenerationSizeMb: Math.max(4, Math.round((memoryMb ?? WORKER_HEAP_MB) / 8)) },
  };
  if (memoryMb !== undefined) return startWorker(options);
  const worker = idle.pop() ?? startWorker(options);
  worker.ref();
  return worker;
}

function keep(worker: Worker, reusable: boolean): void {
  if (reusable && idle.length < MAX_IDLE) {
    idle.push(worker);
    // An idle worker must not keep a stopping process alive.
    worker.unref();
  } else void worker.terminate();
}

/** Reads a document in a worker thread with its own heap and a hard time limit (docs/decisions/0008). */
export function ingestInWorker(kind: DocumentKind, bytes: Uint8Array, limits: WorkerLimits = {}): Promise<IngestionResult> {
  return new Promise<IngestionResult>((resolve, reject) => {
    limits.signal?.throwIfAborted();
    const worker = acquire(limits.memoryMb);
    let settled = false;
    const finish = (reusable: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      keep(worker, reusable && limits.memoryMb === undefined);
      outcome();
    };
    const onAbort = () => finish(false, () => reject(limits.signal?.reason ?? new Error('aborted')));
    const onMessage = (reply: WorkerReply) =>
      finish(reply.ok || 'problem' in reply, () => {
        if (reply.ok) resolve(reply.result);
        else if ('problem' in reply) reject(new ExtractionError(reply.problem.code, reply.problem.message, reply.problem.pages, reply.problem.limit));
        else reject(new Error(reply.message));
      });
    const onError = (error: Error & { code?: string }) => finish(false, () => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : error));
    const onExit = (code: number) => finish(false, () => reject(new Error(`the reading worker stopped (exit code ${code})`)));
    const timer = setTimeout(() => finish(false, () => reject(tooComplex())), limits.timeoutMs ?? HARD_TIMEOUT_MS);
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    // A copy is transferred: the caller keeps its bytes (a Buffer may share its memory with others).
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    worker.postMessage({ kind, bytes: copy, ocrPages: limits.ocrPages } satisfies ExtractRequest, [copy.buffer]);
  });
}
