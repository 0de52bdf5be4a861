import { API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 404, 409);
const secured = { tags: ['objectives'], security: [{ bearer: [] }] };
/** A Spark id or a menu topic: letters, digits, dashes and underscores only. */

export const objectivesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { objectives } = app.services;

  app.get(
    API_ROUTES.profileMenuObjectives.path,
    {
      schema: { ...secured, summary: 'The profile menu’s objectives', ...routeSchema(API_ROUTES.profileMenuObjectives, errors) },
    },
    async (request) => ({ data: await objectives.objectives(request.caller.tenantId, request.caller.userId, 'profile-menu', request.query.lang) }),
  );

  app.get(
    API_ROUTES.objectives.path,
    {
      schema: {
        ...secured,
        summary: 'A Spark’s objectives (or a menu topic’s), each step derived from the Spark’s real state',
        ...routeSchema(API_ROUTES.objectives, errors),
      },
    },
    async (request) => ({ data: await objectives.objectives(request.caller.tenantId, request.caller.userId, request.params.id, request.query.lang) }),
  );

  app.patch(
    API_ROUTES.reportObjectiveStep.path,
    {
      schema: {
        ...secured,
        summary: 'Report a step only the user can report: a deploy step (id deploy) or a Spark’s “added to my website”',
        description: 'Steps read from the Spark’s own state answer 409: they complete by themselves.',
        ...routeSchema(API_ROUTES.reportObjectiveStep, errors),
      },
    },
    async (request) => ({
      data: await objectives.report(request.caller.tenantId, request.caller.userId, request.params.id, request.body, request.query.lang),
    }),
  );
};
