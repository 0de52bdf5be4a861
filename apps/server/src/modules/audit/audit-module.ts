import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_HOUSEKEEPING_JOB, auditHousekeepingJob } from './audit-housekeeping-job.js';
import { auditRoutes } from './audit-routes.js';

/** The audit log of an account: read, filtered, exported, and kept for its retention (docs/decisions/0038). */
export const auditModule: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(AUDIT_HOUSEKEEPING_JOB, auditHousekeepingJob(app.services.auditLog, app.jobs.send.bind(app.jobs)));
  await app.register(auditRoutes, { prefix: API_BASE_PATH });
};
