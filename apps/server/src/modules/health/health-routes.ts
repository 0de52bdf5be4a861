import { errorBodySchema, healthResponseSchema } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.health;
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: errorBodySchema },
      },
    },
    async () => ({ data: await service.check() }),
  );
};
