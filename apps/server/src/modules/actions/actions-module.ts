import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actionsRoutes } from './actions-routes.js';

/** A Spark's actions (docs/decisions/0042): the owner defines, tries and follows them. */
export const actionsModule: FastifyPluginAsync = async (app) => {
  await app.register(actionsRoutes, { prefix: API_BASE_PATH });
};
