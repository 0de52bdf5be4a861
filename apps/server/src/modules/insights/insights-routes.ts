import { errorBodySchema, insightsRoute } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema } from '../../lib/route-schema.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { insights } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get(
    insightsRoute.path,
    {
      schema: {
        tags: ['insights'],
        security: [{ bearer: [] }],
        summary:
          "What the Spark's website visitors did over the last 7, 30 or 90 days (UTC): visits and questions per day, busiest hours, top questions, unanswered, votes, documents cited",
        ...routeSchema(insightsRoute, errors),
      },
    },
    async (request) => ({ data: await insights.insights(request.caller.tenantId, request.params.sparkId, request.query) }),
  );
};
