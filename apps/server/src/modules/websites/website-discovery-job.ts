import type { JobDefinition, JobQueue } from '../../jobs/job-queue.js';
import { DISCOVERY_BUDGET_MS, IMPORT_BUDGET_MS, WEBSITE_DISCOVERY_JOB, WEBSITE_IMPORT_JOB, type WebsitesService } from './websites-service.js';

/** How often a worker looks for scheduled sites that are due, and for sites left waiting without a job. */
const SWEEP_SECONDS = 60;
/** How long a site waits before it is offered again while another of its tenant's sites is being read. */
const TURN_WAIT_SECONDS = 2;

export interface WebsiteJobDeps {
  websites: WebsitesService;
  /** Sites one instance crawls or reads at a time. */
  concurrency: number;
  send: JobQueue['send'];
}

/** Reading the chosen pages: a page at a time, each within the fetcher's limits; the tenant's other sites wait their turn. */
export function websiteImportJob({ websites, concurrency, send }: WebsiteJobDeps): JobDefinition<{ websiteId: string }> {
  return {
    expireInSeconds: Math.ceil(IMPORT_BUDGET_MS / 1000),
    retryLimit: 1,
    concurrency,
    async handle({ websiteId }, context) {
      if ((await websites.importChosen(websiteId, context)) === 'busy')
        await send(WEBSITE_IMPORT_JOB, { websiteId }, websiteId, { startAfterSeconds: TURN_WAIT_SECONDS });
    },
  };
}

/**
 * One crawl per job, several sites side by side (docs/decisions/0028): a worker that died mid-crawl
 * hands it to another after the budget and a margin, and a site of a tenant whose other site is
 * being read waits its turn, so the crawlers are shared between accounts.
 */
export function websiteDiscoveryJob({ websites, concurrency, send }: WebsiteJobDeps): JobDefinition<{ websiteId: string }> {
  return {
    expireInSeconds: Math.ceil(DISCOVERY_BUDGET_MS / 1000) + 120,
    retryLimit: 1,
    concurrency,
    // Daily and weekly sites that are due are synced (their crawl's job is sent, then its import's), and sites left waiting get their job again.
    sweep: {
      everySeconds: SWEEP_SECONDS,
      async run() {
        await websites.syncDue();
        for (const { id, state } of await websites.waiting())
          await send(state === 'importing' ? WEBSITE_IMPORT_JOB : WEBSITE_DISCOVERY_JOB, { websiteId: id }, id);
      },
    },
    async handle({ websiteId }, context) {
      if ((await websites.discover(websiteId, context)) === 'busy')
        await send(WEBSITE_DISCOVERY_JOB, { websiteId }, websiteId, { startAfterSeconds: TURN_WAIT_SECONDS });
    },
  };
}
