import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.js';
import { settleJobEnds } from './settle-job-ends.js';

export interface JobContext {
  /** Aborted when this instance stops: hand the work back instead of finishing it. */
  signal: AbortSignal;
  /** 1 for the first try; a job retried after a failure or a worker that died counts up. */
  attempt: number;
  /** True when a failure now leaves no retry: the handler must record the failure itself. */
  lastAttempt: boolean;
}

export interface JobDefinition<T extends object> {
  /** A job still active after this long belongs to a worker that died; pg-boss hands it to another. */
  expireInSeconds: number;
  /** Further tries after a failure or an expired worker. */
  retryLimit: number;
  /** Jobs of this queue one instance works on at a time (1 when absent). */
  concurrency?: number;
  /** Runs one job; throwing fails the try (and retries while tries remain). */
  handle(data: T, context: JobContext): Promise<void>;
  /**
   * Runs every `everySeconds` on one instance: finds work that is due without a request asking
   * (a library sync that is due again, a run left queued before a restart) and sends it.
   */
  sweep?: { everySeconds: number; run(): Promise<void> };
}

export interface JobQueueOptions {
  /** False on API-only instances of a scaled deployment: they send jobs, `npm run worker` does them. */
  enabled: boolean;
  /** How often an idle worker looks for jobs another instance sent (pg-boss allows 500 ms at least). */
  pollMs: number;
  /** How often expired jobs are noticed (a worker that died); seconds. */
  superviseSeconds: number;
}

interface Queue {
  definition: JobDefinition<object>;
  workerIds: string[];
  sweepTimer?: NodeJS.Timeout;
}

export interface SendOptions {
  /** Not before this many seconds from now: a job handed back to wait its turn. */
  startAfterSeconds?: number;
}

const SCHEMA = 'pgboss';
/** How long stopping waits for handlers to hand their records back. */
const STOP_WAIT_MS = 15_000;

/**
 * Background jobs on pg-boss, over the application's own database: PostgreSQL in a scaled
 * deployment, PGlite in the embedded one (through the same SQL). A job names its record (a
 * document, a library connection, a test run); the record keeps the state users see, and the
 * queue decides who works on it, retries it, and takes it back from a worker that died.
 */
export class JobQueue {
  private readonly queues = new Map<string, Queue>();
  private readonly controller = new AbortController();
  /** Handlers and sweeps under way: stopping waits for them, so none meets a closed database. */
  private readonly running = new Set<Promise<unknown>>();
  private boss?: PgBoss;
  private starting?: Promise<void>;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions,
  ) {}

  define<T extends object>(name: string, definition: JobDefinition<T>): void {
    if (this.queues.has(name)) throw new Error(`job ${name} is already defined`);
    if (this.boss) throw new Error(`job ${name} is defined after the queue started`);
    this.queues.set(name, { definition: definition as unknown as JobDefinition<object>, workerIds: [] });
  }

  start(): Promise<void> {
    this.starting ??= this.open();
    return this.starting;
  }

  /** Queues a job for a record; a job for the same record still waiting absorbs this one. */
  async send(name: string, data: object, key: string, options: SendOptions = {}): Promise<void> {
    const boss = await this.opened();
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`job ${name} is not defined`);
    const { expireInSeconds, retryLimit } = queue.definition;
    const later = options.startAfterSeconds ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) } : {};
    await boss.send(name, data, { expireInSeconds, retryLimit, singletonKey: key, ...later });
    if (!options.startAfterSeconds) this.notify(boss, queue);
  }

  private notify(boss: PgBoss, queue: Queue): void {
    for (const id of queue.workerIds) boss.notifyWorker(id);
  }

  /**
   * Sweeps the queue, then resolves once it has nothing waiting or running (tests and benchmarks
   * wait on this, as a worker's next sweep would find the same work).
   */
  async idle(name: string): Promise<void> {
    const queue = this.queues.get(name);
    if (!queue || queue.workerIds.length === 0 || !this.boss) return;
    const boss = this.boss;
    await this.sweep(name);
    for (;;) {
      const pending = await boss.getQueueSize(name, { before: 'completed' });
      if (pending === 0 || this.controller.signal.aborted) return;
      this.notify(boss, queue);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Runs a queue's sweep now (tests use it instead of waiting for the interval). */
  async sweep(name: string): Promise<void> {
    const sweep = this.queues.get(name)?.definition.sweep;
    if (sweep) await this.track(sweep.run());
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await this.starting?.catch(() => undefined);
    for (const queue of this.queues.values()) clearInterval(queue.sweepTimer);
    // Handlers see the abort and hand their record back, so this wait is short. pg-boss's own
    // graceful wait forgets a handler once its worker is stopped, which is not enough here.
    await this.settle(STOP_WAIT_MS);
    await this.boss?.stop({ graceful: true, wait: true, close: false, timeout: 1_000 });
    // The job ends pg-boss recorded without awaiting them; bounded, so a handler that ignores the abort cannot hold shutdown.
    await this.settle(STOP_WAIT_MS);
  }

  private async settle(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.running]), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.finally(() => this.running.delete(work)).catch(() => undefined);
    return work;
  }

  private async opened(): Promise<PgBoss> {
    if (!this.starting) throw new Error('the job queue is not started');
    await this.starting;
    if (!this.boss) throw new Error('the job queue is stopped');
    return this.boss;
  }

  private async open(): Promise<void> {
    settleJobEnds();
    const { enabled, pollMs, superviseSeconds } = this.options;
    const boss = new PgBoss({
      // Tracked: pg-boss records a job's end without awaiting it, and that must not meet a closed pool.
      db: { executeSql: (text: string, values?: unknown[]) => this.track(this.database.executeSql(text, values)) },
      schema: SCHEMA,
      // API-only instances send; supervision (expiry, archiving) belongs to the workers.
      supervise: enabled,
      schedule: false,
      maintenanceIntervalSeconds: superviseSeconds,
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    // Instances started together would race to create pg-boss's schema; they take turns as they do on migrations.
    await this.database.whileMigrating(async () => {
      await boss.start();
      // "short": one waiting job per record. Two workers on one record are kept apart by the
      // record itself (an attempt number or a running state), which also outlives the queue's rows.
      for (const name of this.queues.keys()) await boss.createQueue(name, { name, policy: 'short' });
    });
    this.boss = boss;
    for (const [name, queue] of this.queues) {
      if (!enabled) continue;
      // pg-boss 10 works one batch at a time per worker: several workers are several jobs at once.
      for (let worker = 0; worker < Math.max(1, queue.definition.concurrency ?? 1); worker += 1) {
        queue.workerIds.push(
          await boss.work(
            name,
            { pollingIntervalSeconds: Math.max(pollMs, 500) / 1000, includeMetadata: true, batchSize: 1 },
            async ([job]: PgBoss.JobWithMetadata<object>[]) => {
              if (!job) return;
              // Fetched while stopping: failing it hands it back to the queue, which retries it.
              if (this.controller.signal.aborted) throw new Error('the worker is stopping; the job is handed back');
              const attempt = job.retryCount + 1;
              await this.track(queue.definition.handle(job.data, { signal: this.controller.signal, attempt, lastAttempt: job.retryCount >= job.retryLimit }));
            },
          ),
        );
      }
      const sweep = queue.definition.sweep;
      if (sweep) {
        const run = () => void this.sweep(name).catch((error: unknown) => this.log.warn({ err: error, job: name }, 'job sweep failed'));
        run();
        queue.sweepTimer = setInterval(run, sweep.everySeconds * 1000);
        queue.sweepTimer.unref();
      }
    }
  }
}
