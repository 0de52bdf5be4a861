import type { JobDefinition, JobQueue } from '../../jobs/job-queue.js';
import type { WidgetUsage } from './widget-usage.js';

export const WIDGET_HOUSEKEEPING_JOB = 'widget-housekeeping';
const SWEEP_SECONDS = 60 * 60;
const SINGLETON_KEY = 'all';

/** Hourly: visitors' daily counts of earlier days are removed (the Spark's own counts stay for its monthly figures). */
export function widgetHousekeepingJob(usage: WidgetUsage, send: JobQueue['send']): JobDefinition<Record<string, never>> {
  return {
    expireInSeconds: 10 * 60,
    retryLimit: 2,
    sweep: { everySeconds: SWEEP_SECONDS, run: () => send(WIDGET_HOUSEKEEPING_JOB, {}, SINGLETON_KEY) },
    handle: () => usage.forgetOldVisitors(),
  };
}
