import { createRequire } from 'node:module';

interface ManagerPrototype {
  complete: (...args: unknown[]) => Promise<unknown>;
  fail: (...args: unknown[]) => Promise<unknown>;
}

let applied = false;

/**
 * pg-boss 10 records a job's end without awaiting it (`this.complete(…)` / `this.fail(…)` after the
 * handler, in its manager). When the database is away at that moment the write fails and, with no
 * one to catch it, Node ends the process on an unhandled rejection: a database restart could stop
 * every worker. Each call's promise gets a handler of its own, so a caller that awaits it still
 * sees the failure; an end that could not be written leaves the job active until it expires, and
 * pg-boss then retries it, as it would after a worker that died.
 */
export function settleJobEnds(): void {
  if (applied) return;
  applied = true;
  const require = createRequire(import.meta.url);
  // pg-boss has no exports map: its manager is reachable, and its methods are the ones the worker calls on itself.
  const Manager = require('pg-boss/src/manager') as { prototype: ManagerPrototype };
  for (const method of ['complete', 'fail'] as const) {
    const original = Manager.prototype[method];
    Manager.prototype[method] = function (this: unknown, ...args: unknown[]) {
      const ended = original.apply(this, args);
      ended.catch(() => undefined);
      return ended;
    };
  }
}
