import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { settleJobEnds } from './settle-job-ends.js';

const Manager = createRequire(import.meta.url)('pg-boss/src/manager') as { prototype: { complete: (...args: unknown[]) => Promise<unknown> } };

/** A manager whose database is gone: every statement fails as pg does when it cannot connect. */
const managerWithoutDatabase = () =>
  Object.assign(Object.create(Manager.prototype) as object, {
    db: { executeSql: async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) },
    completeJobsCommand: 'select 1',
    mapCompletionIdArg: (id: unknown) => [id],
    mapCompletionDataArg: (data: unknown) => data,
  }) as unknown as { complete: (...args: unknown[]) => Promise<unknown> };

describe('a job whose end cannot be written while the database is away', () => {
  it('leaves no unhandled rejection behind, and a caller that awaits still sees the failure', async () => {
    settleJobEnds();
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const manager = managerWithoutDatabase();
      // As pg-boss's worker does: called, never awaited.
      void manager.complete('queue', 'job-1');
      await expect(manager.complete('queue', 'job-2')).rejects.toThrow('ECONNREFUSED');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
