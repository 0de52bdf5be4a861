import type { JobDefinition, JobQueue } from '../../jobs/job-queue.js';
import type { DeploymentService } from './deployment-service.js';

export const WIDGET_HOUSEKEEPING_JOB = 'widget-housekeeping';
const SWEEP_SECONDS = 60 * 60;
const SINGLETON_KEY = 'all';

/**
 * Hourly: visitors' daily counts of earlier days are removed (the Spark's own counts stay for its
 * monthly figures), and visitors' conversations older than their Spark keeps them are deleted.
 */
export function widgetHousekeepingJob(deployments: DeploymentService, send: JobQueue['send']): JobDefinition<Record<string, never>> {
  return {
    expireInSeconds: 10 * 60,
    retryLimit: 2,
    sweep: { everySeconds: SWEEP_SECONDS, run: () => send(WIDGET_HOUSEKEEPING_JOB, {}, SINGLETON_KEY) },
    handle: async () => {
      await deployments.forgetOldVisitors();
      await deployments.forgetExpiredConversations();
    },
  };
}
