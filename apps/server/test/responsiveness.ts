import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

export interface Responsiveness {
  /** The longest the event loop was held at once, in milliseconds. */
  eventLoopMaxMs: number;
  /** The slowest answer of `/api/v1/health`, asked over and over while the watch ran. */
  healthMaxMs: number;
  /** The median and the 95th percentile of those answers, in milliseconds. */
  healthP50Ms: number;
  healthP95Ms: number;
  /** Health checks answered while the watch ran. */
  checks: number;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

/**
 * Watches how the server answers while something else happens (an attack, a long crawl): the
 * event loop's longest delay and `/api/v1/health` asked again as soon as it answers. A server whose
 * event loop is held by a hostile input shows it here in seconds.
 */
export function watchResponsiveness(app: FastifyInstance): { stop(): Promise<Responsiveness> } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let running = true;
  const answers: number[] = [];
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await app.inject({ method: 'GET', url: '/api/v1/health' });
      answers.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      histogram.disable();
      const sorted = answers.toSorted((a, b) => a - b);
      return {
        eventLoopMaxMs: histogram.max / 1e6,
        healthMaxMs: sorted.at(-1) ?? 0,
        healthP50Ms: percentile(sorted, 0.5),
        healthP95Ms: percentile(sorted, 0.95),
        checks: sorted.length,
      };
    },
  };
}
