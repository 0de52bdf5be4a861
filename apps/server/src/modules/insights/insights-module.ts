import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { exportRoutes } from './export-routes.js';

/** What a Spark's conversations say about it: for now, their export (CSV or JSON). */
export const insightsModule: FastifyPluginAsync = async (app) => {
  await app.register(exportRoutes, { prefix: API_BASE_PATH });
};
