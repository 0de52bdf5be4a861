import type { JobDefinition } from '../../jobs/job-queue.js';
import { DISCOVERY_BUDGET_MS, type WebsitesService } from './websites-service.js';

/** How often a worker looks for scheduled sites that are due. */
const SCHEDULE_SWEEP_SECONDS = 300;

/** Reading the chosen pages: a page at a time, each within the fetcher's limits. */
const IMPORT_TIMEOUT_SECONDS = 30 * 60;

export function websiteImportJob(websites: WebsitesService): JobDefinition<{ websiteId: string }> {
  return { expireInSeconds: IMPORT_TIMEOUT_SECONDS, retryLimit: 1, handle: ({ websiteId }, context) => websites.importChosen(websiteId, context) };
}

/** One crawl per job: a worker that died mid-crawl hands it to another after the budget and a margin. */
export function websiteDiscoveryJob(websites: WebsitesService): JobDefinition<{ websiteId: string }> {
  return {
    expireInSeconds: Math.ceil(DISCOVERY_BUDGET_MS / 1000) + 120,
    retryLimit: 1,
    // Daily and weekly sites that are due are synced: their crawl's job is sent, then its import's.
    sweep: { everySeconds: SCHEDULE_SWEEP_SECONDS, run: () => websites.syncDue() },
    handle: ({ websiteId }, context) => websites.discover(websiteId, context),
  };
}
