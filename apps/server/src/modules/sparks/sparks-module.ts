import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sparksRoutes } from './sparks-routes.js';

/** Sparks and their test chats (product.md §3, §5), within the caller's tenant (§6). */
export const sparksModule: FastifyPluginAsync = async (app) => {
  await app.register(sparksRoutes, { prefix: API_BASE_PATH });
};
