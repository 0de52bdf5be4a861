import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actionsRoutes } from './actions-routes.js';

export const ACTIONS_HOUSEKEEPING_JOB = 'actions-housekeeping';

/** A Spark's actions (docs/decisions/0042): the owner defines, tries and follows them. */
export const actionsModule: FastifyPluginAsync = async (app) => {
  const { actions } = app.services;
  app.jobs.define(ACTIONS_HOUSEKEEPING_JOB, {
    expireInSeconds: 300,
    retryLimit: 0,
    sweep: { everySeconds: 3600, run: async () => void (await actions.forgetOldRuns()) },
    handle: async () => undefined,
  });
  await app.register(actionsRoutes, { prefix: API_BASE_PATH });
};
