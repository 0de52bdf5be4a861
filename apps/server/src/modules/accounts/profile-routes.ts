import { errorBodySchema, API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get(
    API_ROUTES.getProfile.path,
    { schema: { tags: ['account'], security: [{ bearer: [] }], ...routeSchema(API_ROUTES.getProfile, errors) } },
    async (request) => ({
      data: await profiles.get(request.caller.userId),
    }),
  );

  app.patch(
    API_ROUTES.updateProfile.path,
    { schema: { tags: ['account'], security: [{ bearer: [] }], ...routeSchema(API_ROUTES.updateProfile, errors) } },
    async (request) => ({ data: await profiles.update(request.caller.userId, request.body) }),
  );
};
