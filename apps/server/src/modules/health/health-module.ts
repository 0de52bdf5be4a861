import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health-routes.js';

/** Liveness and the database check behind it. */
export const healthModule: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { prefix: API_BASE_PATH });
};
