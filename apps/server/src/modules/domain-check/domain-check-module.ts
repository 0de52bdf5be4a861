import type { FastifyPluginAsync } from 'fastify';
import { domainCheckRoutes } from './domain-check-routes.js';

/** The sign-up form's e-mail domain check, at the path the product names (outside the API prefix). */
export const domainCheckModule: FastifyPluginAsync = async (app) => {
  await app.register(domainCheckRoutes);
};
