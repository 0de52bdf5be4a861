import { errorBodySchema, profilePatchSchema, userResponseSchema } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/account/profile',
    { schema: { tags: ['account'], security: [{ bearer: [] }], response: { 200: userResponseSchema, ...errors } } },
    async (request) => ({
      data: await profiles.get(request.auth!.userId),
    }),
  );

  app.patch(
    '/account/profile',
    { schema: { tags: ['account'], security: [{ bearer: [] }], body: profilePatchSchema, response: { 200: userResponseSchema, ...errors } } },
    async (request) => ({ data: await profiles.update(request.auth!.userId, request.body) }),
  );
};
