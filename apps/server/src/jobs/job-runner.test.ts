import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { JobRunner } from './job-runner.js';

const log = pino({ level: 'silent' });

describe('JobRunner', () => {
  it('works through queued work when woken, and idle() waits for work queued before it was called', async () => {
    const runner = new JobRunner(log, { enabled: true, pollMs: 60_000 });
    const queue: number[] = [];
    const done: number[] = [];
    runner.register('numbers', async () => {
      const next = queue.shift();
      if (next === undefined) return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
      done.push(next);
      return true;
    });
    runner.start();
    await runner.idle('numbers');
    queue.push(1, 2, 3);
    runner.wake('numbers');
    await runner.idle('numbers');
    expect(done).toEqual([1, 2, 3]);
    queue.push(4);
    // No wake: idle() itself looks again rather than trusting the step that found nothing before.
    await runner.idle('numbers');
    expect(done).toEqual([1, 2, 3, 4]);
    await runner.stop();
  });

  it('keeps going after a failing step and stops cleanly', async () => {
    const runner = new JobRunner(log, { enabled: true, pollMs: 10 });
    let calls = 0;
    runner.register('flaky', async () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
      return false;
    });
    runner.start();
    await runner.idle('flaky');
    expect(calls).toBeGreaterThanOrEqual(2);
    await runner.stop();
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(after);
  });

  it('does nothing when disabled (an API-only instance)', async () => {
    const runner = new JobRunner(log, { enabled: false, pollMs: 10 });
    let calls = 0;
    runner.register('never', async () => {
      calls += 1;
      return false;
    });
    runner.start();
    await runner.idle('never');
    expect(calls).toBe(0);
    await runner.stop();
  });
});
