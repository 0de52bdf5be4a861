import { errorBodySchema, profilePatchSchema, userResponseSchema } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountDeps } from './account-deps.js';
import { ProfileService } from './profile-service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const profileRoutes: FastifyPluginAsyncZod<{ deps: AccountDeps }> = async (app, { deps }) => {
  const profiles = new ProfileService(deps);
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
