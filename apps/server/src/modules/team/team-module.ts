import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamRoutes } from './team-routes.js';

/** The account as a team: members and roles, invitations, and switching between accounts (docs/decisions/0038). */
export const teamModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(teamRoutes, { prefix: API_BASE_PATH });
};
