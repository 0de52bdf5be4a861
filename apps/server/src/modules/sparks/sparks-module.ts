import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sparksRoutes } from './sparks-routes.js';

/** Sparks and their test chats, within the caller's tenant: product.md §6. */
export const sparksModule: FastifyPluginAsync = async (app) => {
  await app.register(sparksRoutes, { prefix: API_BASE_PATH });
};
