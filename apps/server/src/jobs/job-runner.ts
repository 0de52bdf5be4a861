import type { FastifyBaseLogger } from 'fastify';

/** One step of a job: does one unit of work and answers whether it found any. */
export type JobStep = (signal: AbortSignal) => Promise<boolean>;

interface Loop {
  step: JobStep;
  wake: () => void;
  /** Set by a wake that arrives while a step runs, so the loop looks again instead of sleeping. */
  woken: boolean;
  /** Steps begun so far; an idle waiter trusts only a step that began after it asked. */
  steps: number;
  idleWaiters: Array<{ after: number; resolve: () => void }>;
  running?: Promise<void>;
}

export interface JobRunnerOptions {
  /** False on API-only instances of a scaled deployment, where `npm run worker` does the work. */
  enabled: boolean;
  /** How often a sleeping loop looks for work another instance queued. */
  pollMs: number;
}

/**
 * Runs each registered job in a loop: work while there is work, then sleep until woken (this
 * instance queued something) or until the poll interval passes (another instance did). The
 * work itself lives in the database, so a restart loses nothing.
 */
export class JobRunner {
  private readonly loops = new Map<string, Loop>();
  private readonly controller = new AbortController();
  private started = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions,
  ) {}

  register(name: string, step: JobStep): void {
    if (this.loops.has(name)) throw new Error(`job ${name} is already registered`);
    const loop: Loop = { step, wake: () => (loop.woken = true), woken: false, steps: 0, idleWaiters: [] };
    this.loops.set(name, loop);
    if (this.started) loop.running = this.run(name, loop);
  }

  start(): void {
    if (this.started || !this.options.enabled) return;
    this.started = true;
    for (const [name, loop] of this.loops) loop.running = this.run(name, loop);
  }

  wake(name: string): void {
    this.loops.get(name)?.wake();
  }

  /** Resolves once the job has no more work (tests and shutdown wait on this). */
  idle(name: string): Promise<void> {
    const loop = this.loops.get(name);
    if (!loop?.running) return Promise.resolve();
    return new Promise((resolve) => {
      loop.idleWaiters.push({ after: loop.steps, resolve });
      loop.wake();
    });
  }

  async stop(): Promise<void> {
    this.controller.abort();
    for (const loop of this.loops.values()) loop.wake();
    await Promise.all([...this.loops.values()].map((loop) => loop.running));
  }

  private settleIdle(loop: Loop, finishedStep: number): void {
    loop.idleWaiters = loop.idleWaiters.filter((waiter) => {
      if (finishedStep <= waiter.after) return true;
      waiter.resolve();
      return false;
    });
  }

  private async run(name: string, loop: Loop): Promise<void> {
    const { signal } = this.controller;
    while (!signal.aborted) {
      loop.woken = false;
      loop.steps += 1;
      const step = loop.steps;
      let worked = false;
      try {
        worked = await loop.step(signal);
      } catch (error) {
        this.log.error({ err: error, job: name }, 'background job step failed');
      }
      if (worked) continue;
      this.settleIdle(loop, step);
      if (signal.aborted || loop.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.options.pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        loop.wake = done;
      });
      loop.wake = () => (loop.woken = true);
    }
    this.settleIdle(loop, Number.POSITIVE_INFINITY);
  }
}
