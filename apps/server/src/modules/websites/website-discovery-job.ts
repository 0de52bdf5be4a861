import type { JobDefinition } from '../../jobs/job-queue.js';
import { DISCOVERY_BUDGET_MS, type WebsitesService } from './websites-service.js';

/** One crawl per job: a worker that died mid-crawl hands it to another after the budget and a margin. */
export function websiteDiscoveryJob(websites: WebsitesService): JobDefinition<{ websiteId: string }> {
  return {
    expireInSeconds: Math.ceil(DISCOVERY_BUDGET_MS / 1000) + 120,
    retryLimit: 1,
    handle: ({ websiteId }, { signal }) => websites.discover(websiteId, signal),
  };
}
