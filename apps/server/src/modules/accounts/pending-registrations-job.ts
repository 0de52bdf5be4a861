import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition, JobQueue } from '../../jobs/job-queue.js';
import type { RegistrationService } from './registration-service.js';

export const PENDING_REGISTRATIONS_JOB = 'pending-registrations-expiry';
/** Expiry is counted in days, so an hourly pass keeps an address blocked at most an hour too long. */
const SWEEP_SECONDS = 60 * 60;
/** One job for the whole installation: every worker's sweep sends it under this key, and a waiting one absorbs the rest. */
const SINGLETON_KEY = 'all';

export interface PendingRegistrationsDeps {
  registration: RegistrationService;
  log: FastifyBaseLogger;
  send: JobQueue['send'];
}

/** The periodic removal of expired pending registrations, run by the job queue so one worker does it and a failure is retried. */
export function pendingRegistrationsJob(deps: PendingRegistrationsDeps): JobDefinition<Record<string, never>> {
  return {
    expireInSeconds: 10 * 60,
    retryLimit: 2,
    sweep: { everySeconds: SWEEP_SECONDS, run: () => deps.send(PENDING_REGISTRATIONS_JOB, {}, SINGLETON_KEY) },
    handle: async () => {
      const removed = await deps.registration.removeExpired(new Date());
      if (removed > 0) deps.log.info({ removed }, 'expired pending registrations removed');
    },
  };
}
