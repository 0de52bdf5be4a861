import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { assistantRoutes } from './assistant-routes.js';

/** The system assistant of the menu topics: product.md §2 (its screens) and §7 (its calls). */
export const assistantModule: FastifyPluginAsync = async (app) => {
  await app.register(assistantRoutes, { prefix: API_BASE_PATH });
};
