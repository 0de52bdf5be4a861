import { errorBodySchema, API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.health;
  app.get(
    API_ROUTES.health.path,
    {
      schema: { tags: ['system'], summary: 'Liveness and database check', ...routeSchema(API_ROUTES.health, { 503: errorBodySchema }) },
    },
    async () => ({ data: await service.check() }),
  );
};
