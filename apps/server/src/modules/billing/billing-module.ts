import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { billingRoutes } from './billing-routes.js';
import { USAGE_ALERTS_JOB, usageAlertsJob } from './usage-alerts-job.js';

/** Plans, checkout, the payment webhook and the usage e-mails: product.md §15 (the plans' numbers are in §9). */
export const billingModule: FastifyPluginAsync = async (app) => {
  app.jobs.define(USAGE_ALERTS_JOB, usageAlertsJob({ alerts: app.services.usageAlerts, log: app.log, send: app.jobs.send.bind(app.jobs) }));
  await app.register(billingRoutes, { prefix: API_BASE_PATH });
};
