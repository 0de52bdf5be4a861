import type { FastifyPluginAsync } from 'fastify';
import { privacyRoutes } from './privacy-routes.js';

/** The privacy notice pages, at the site root. */
export const privacyModule: FastifyPluginAsync = async (app) => {
  await app.register(privacyRoutes);
};
