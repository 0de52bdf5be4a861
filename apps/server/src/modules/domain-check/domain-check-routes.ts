import { DOMAIN_CHECK_PATH, errorBodySchema } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limit } from '../../lib/rate-limits.js';

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, 'must be a domain name such as example.com');

/** The domain check the sign-up form calls (product.md §5, §7): `GET /api/domain/{domain}` → `{ dns }`. */
export const domainCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.domainCheck;
  app.get(
    DOMAIN_CHECK_PATH.path,
    {
      config: { access: 'public' },
      preHandler: [limit(app, { name: 'domain-check', max: 60, windowMs: 60_000, by: 'ip', message: (s) => `Too many checks. Please wait ${s} seconds.` })],
      schema: {
        tags: ['auth'],
        summary: 'Whether an e-mail domain exists in DNS',
        params: z.object({ domain: domainSchema }),
        response: { 200: z.object({ dns: z.boolean() }), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => ({ dns: await service.check(request.params.domain) }),
  );
};
