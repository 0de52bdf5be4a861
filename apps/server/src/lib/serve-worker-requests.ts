import { parentPort } from 'node:worker_threads';
import type { WorkerReply } from './worker-pool.js';

/**
 * A worker entry's loop (the other side of `WorkerPool`): each message is one request, answered
 * with exactly one message. The pool sends the next request only after the reply to the last.
 */
export function serveWorkerRequests<Request, Reply>(handle: (request: Request) => Reply | Promise<Reply>): void {
  parentPort?.on('message', (request: Request) => {
    Promise.resolve()
      .then(() => handle(request))
      .then(
        (value) => parentPort?.postMessage({ value } satisfies WorkerReply<Reply>),
        (error: unknown) => parentPort?.postMessage({ thrown: error instanceof Error ? error.message : String(error) } satisfies WorkerReply<Reply>),
      );
  });
}
