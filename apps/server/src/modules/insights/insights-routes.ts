import { insightsRoute } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema } from '../../lib/route-schema.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 404);

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { insights } = app.services;

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
