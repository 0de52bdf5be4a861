import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { chatRoutes } from './chat-routes.js';

/** The builder chat and the test chats of a Spark: product.md §4 (turns) and §10 (answers). */
export const chatModule: FastifyPluginAsync = async (app) => {
  await app.register(chatRoutes, { prefix: API_BASE_PATH });
};
