import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { WEBHOOK_DELIVERY_JOB } from './webhooks-service.js';
import { webhooksRoutes } from './webhooks-routes.js';

/** An account's webhooks (docs/decisions/0044): the endpoints, and the job that delivers each event and tries again. */
export const webhooksModule: FastifyPluginAsync = async (app) => {
  const { webhooks } = app.services;
  app.jobs.define<{ deliveryId: string }>(WEBHOOK_DELIVERY_JOB, {
    expireInSeconds: 120,
    // A failed try is the delivery's own state: the sweep sends its next try when it is due.
    retryLimit: 0,
    sweep: { everySeconds: 15, run: () => webhooks.sendDue() },
    handle: async ({ deliveryId }, { signal }) => webhooks.deliver(deliveryId, signal),
  });
  await app.register(webhooksRoutes, { prefix: API_BASE_PATH });
};
