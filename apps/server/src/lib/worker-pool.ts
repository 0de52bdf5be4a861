import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A request stopped by the pool's own limits: the worker took too long or ran out of memory. */
export class WorkerLimitError extends Error {
  override name = 'WorkerLimitError';
  constructor(readonly limit: 'time' | 'memory') {
    super(limit === 'time' ? 'The work took longer than its time limit.' : 'The work needed more memory than its worker has.');
  }
}

export interface WorkerPoolOptions {
  /**
   * The worker's entry, beside the caller: `name.ts` when the caller runs from sources (tests, the
   * benchmarks, `npm run dev`), `name.js` beside `dist/main.js` in the bundled server.
   */
  entry: { callerUrl: string; name: string };
  /** Each worker's own heap. */
  heapMb: number;
  /** Warm workers kept between requests; one per request running at a time is enough. */
  maxIdle: number;
}

export interface WorkerRun {
  /** Hard stop: the worker is terminated, whatever it is doing. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** A heap other than the pool's: a fresh worker, never reused (tests of the memory limit). */
  heapMb?: number | undefined;
  /** Buffers handed over with the request instead of copied. */
  transfer?: ArrayBuffer[];
}

/** From sources, the worker registers tsx before importing the TypeScript entry (workers ignore `--import`). */
const TSX_BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(require('node:worker_threads').workerData.entry); });`;

/**
 * Worker threads for work a stranger's input decides the cost of (a hostile document, a web page, a
 * sitemap): each request runs in a thread with its own heap and a hard time limit, so the worst it
 * can do is cost that thread, never the server's event loop. The entry answers each message with
 * exactly one message (`serveWorkerRequests`). Warm workers are kept: starting one loads its
 * libraries afresh, which costs more than a small request. A worker that timed out, ran out of
 * memory or was stopped is never reused.
 */
export class WorkerPool<Request, Reply> {
  private readonly idle: Worker[] = [];

  constructor(private readonly options: WorkerPoolOptions) {}

  run(request: Request, run: WorkerRun): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      run.signal?.throwIfAborted();
      const worker = this.acquire(run.heapMb);
      const reusable = run.heapMb === undefined;
      let settled = false;
      const finish = (keep: boolean, outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        run.signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        this.release(worker, keep && reusable);
        outcome();
      };
      const onAbort = () => finish(false, () => reject(run.signal?.reason ?? new Error('aborted')));
      const onMessage = (reply: WorkerReply<Reply>) => finish(true, () => ('thrown' in reply ? reject(new Error(reply.thrown)) : resolve(reply.value)));
      const onError = (error: Error & { code?: string }) =>
        finish(false, () => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerLimitError('memory') : error));
      const onExit = (code: number) => finish(false, () => reject(new Error(`the worker stopped (exit code ${code})`)));
      const timer = setTimeout(() => finish(false, () => reject(new WorkerLimitError('time'))), run.timeoutMs);
      run.signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(request, run.transfer ?? []);
    });
  }

  /** Stops the warm workers (a closing server). */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((worker) => worker.terminate()));
  }

  private acquire(heapMb: number | undefined): Worker {
    if (heapMb !== undefined) return this.start(heapMb);
    const worker = this.idle.pop() ?? this.start(this.options.heapMb);
    worker.ref();
    return worker;
  }

  private release(worker: Worker, reusable: boolean): void {
    if (reusable && this.idle.length < this.options.maxIdle) {
      this.idle.push(worker);
      // An idle worker must not keep a stopping process alive.
      worker.unref();
    } else void worker.terminate();
  }

  private start(heapMb: number): Worker {
    const { callerUrl, name } = this.options.entry;
    const options: WorkerOptions = {
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.max(4, Math.round(heapMb / 8)) },
    };
    const worker = callerUrl.endsWith('.ts')
      ? new Worker(TSX_BOOTSTRAP, { ...options, eval: true, workerData: { entry: new URL(`./${name}.ts`, callerUrl).href } })
      : new Worker(new URL(`./${name}.js`, callerUrl), options);
    // Set once for the worker's life: an idle worker that fails or exits is forgotten, never an unhandled 'error'.
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return worker;
  }
}

/** What a worker entry posts back: the handler's value, or the message of what it threw. */
export type WorkerReply<Reply> = { value: Reply } | { thrown: string };
