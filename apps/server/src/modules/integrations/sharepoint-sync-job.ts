import type { JobDefinition, JobQueue } from '../../jobs/job-queue.js';
import type { SharepointSyncService } from './sharepoint-sync-service.js';

export const SHAREPOINT_SYNC_JOB = 'sharepoint-sync';
/** A sync still running after this long is taken as its worker having died (large libraries take a while). */
const SYNC_TIMEOUT_SECONDS = 30 * 60;
/** How often a worker looks for connections due again. */
const SWEEP_SECONDS = 60;

export interface SharepointSyncJobDeps {
  syncs: SharepointSyncService;
  send: JobQueue['send'];
}

/** The sync job: one connection's sync per job, and a sweep that sends the jobs of connections due again. */
export function sharepointSyncJob({ syncs, send }: SharepointSyncJobDeps): JobDefinition<{ integrationId: string }> {
  return {
    expireInSeconds: SYNC_TIMEOUT_SECONDS,
    retryLimit: 2,
    sweep: {
      everySeconds: SWEEP_SECONDS,
      async run() {
        for (const id of await syncs.due()) await send(SHAREPOINT_SYNC_JOB, { integrationId: id }, id);
      },
    },
    handle: ({ integrationId }, { signal, attempt }) => syncs.sync(integrationId, { signal, attempt }),
  };
}
