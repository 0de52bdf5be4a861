import type { JobDefinition, JobQueue } from '../../jobs/job-queue.js';
import type { AuditService } from './audit-service.js';

export const AUDIT_HOUSEKEEPING_JOB = 'audit-housekeeping';
const SWEEP_SECONDS = 24 * 60 * 60;

/** Daily: the audit log forgets what is older than it keeps. */
export function auditHousekeepingJob(audit: AuditService, send: JobQueue['send']): JobDefinition<Record<string, never>> {
  return {
    expireInSeconds: 10 * 60,
    retryLimit: 2,
    sweep: { everySeconds: SWEEP_SECONDS, run: () => send(AUDIT_HOUSEKEEPING_JOB, {}, 'all') },
    handle: async () => {
      await audit.forgetOld();
    },
  };
}
