import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { objectivesRoutes } from './objectives-routes.js';

/** Objectives and their progress: product.md §13. */
export const objectivesModule: FastifyPluginAsync = async (app) => {
  await app.register(objectivesRoutes, { prefix: API_BASE_PATH });
};
