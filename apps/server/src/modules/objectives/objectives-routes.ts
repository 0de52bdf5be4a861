import { errorBodySchema, objectiveListResponseSchema, objectiveStepPatchSchema, objectivesQuerySchema } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const secured = { tags: ['objectives'], security: [{ bearer: [] }] };
/** A Spark id or a menu topic: letters, digits, dashes and underscores only. */
const objectiveParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a Spark id or a menu topic') });

export const objectivesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { objectives } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/objectives/profile-menu',
    {
      schema: {
        ...secured,
        summary: 'The profile menu’s objectives',
        querystring: objectivesQuerySchema,
        response: { 200: objectiveListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await objectives.objectives(request.auth!.tenantId, request.auth!.userId, 'profile-menu', request.query.lang) }),
  );

  app.get(
    '/objectives/:id',
    {
      schema: {
        ...secured,
        summary: 'A Spark’s objectives (or a menu topic’s), each step derived from the Spark’s real state',
        params: objectiveParams,
        querystring: objectivesQuerySchema,
        response: { 200: objectiveListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await objectives.objectives(request.auth!.tenantId, request.auth!.userId, request.params.id, request.query.lang) }),
  );

  app.patch(
    '/objectives/:id',
    {
      schema: {
        ...secured,
        summary: 'Report a step only the user can report: a deploy step (id deploy) or a Spark’s “added to my website”',
        description: 'Steps read from the Spark’s own state answer 409: they complete by themselves.',
        params: objectiveParams,
        querystring: objectivesQuerySchema,
        body: objectiveStepPatchSchema,
        response: { 200: objectiveListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await objectives.report(request.auth!.tenantId, request.auth!.userId, request.params.id, request.body, request.query.lang),
    }),
  );
};
