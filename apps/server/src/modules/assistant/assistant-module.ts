import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { assistantRoutes } from './assistant-routes.js';

/** The system assistant of the menu topics: product.md §7. */
export const assistantModule: FastifyPluginAsync = async (app) => {
  await app.register(assistantRoutes, { prefix: API_BASE_PATH });
};
