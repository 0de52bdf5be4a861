import { API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 403);

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles } = app.services;

  app.get(
    API_ROUTES.getProfile.path,
    {
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        summary: 'The signed-in member and the accounts they belong to',
        ...routeSchema(API_ROUTES.getProfile, errors),
      },
    },
    async (request) => ({
      data: await profiles.get(request.caller.userId, request.caller.tenantId),
    }),
  );

  app.patch(
    API_ROUTES.updateProfile.path,
    {
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        summary: 'Change your name, phone or language',
        ...routeSchema(API_ROUTES.updateProfile, errors),
      },
    },
    async (request) => ({ data: await profiles.update(request.caller.userId, request.body, request.caller.tenantId) }),
  );
};
