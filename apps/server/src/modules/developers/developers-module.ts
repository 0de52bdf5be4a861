import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { developersRoutes } from './developers-routes.js';

/** For the owner's developers (docs/decisions/0043): API keys and the questions a key asks. */
export const developersModule: FastifyPluginAsync = async (app) => {
  await app.register(developersRoutes, { prefix: API_BASE_PATH });
};
