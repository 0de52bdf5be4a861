import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition, JobQueue } from '../../jobs/job-queue.js';
import type { UsageAlertsService } from './usage-alerts-service.js';

export const USAGE_ALERTS_JOB = 'usage-alerts';
/** An owner hears of a crossed threshold within a minute or so; a pass over this month's counters is one small query. */
const SWEEP_SECONDS = 60;
/** One job for the whole installation: every worker's sweep sends it under this key, and a waiting one absorbs the rest. */
const SINGLETON_KEY = 'all';

export interface UsageAlertsJobDeps {
  alerts: UsageAlertsService;
  log: FastifyBaseLogger;
  send: JobQueue['send'];
}

/** The owners' e-mails at 80 % and 100 % of the month's interactions, sent by the job queue so one worker does it and a failure is retried. */
export function usageAlertsJob(deps: UsageAlertsJobDeps): JobDefinition<Record<string, never>> {
  return {
    expireInSeconds: 5 * 60,
    retryLimit: 3,
    sweep: { everySeconds: SWEEP_SECONDS, run: () => deps.send(USAGE_ALERTS_JOB, {}, SINGLETON_KEY) },
    handle: async () => {
      const sent = await deps.alerts.send(new Date());
      if (sent > 0) deps.log.info({ sent }, 'usage alerts sent');
    },
  };
}
