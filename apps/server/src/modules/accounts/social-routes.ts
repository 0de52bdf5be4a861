import { errorBodySchema, API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limit } from '../../lib/rate-limits.js';
import { tooManyAttempts } from './route-responses.js';
import { SocialSignInError } from './social-service.js';

const providerParams = z.object({ provider: z.string().regex(/^[a-z]{1,20}$/, 'must be a provider name such as google') });

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { social } = app.services;
  const { publicUrl } = app.config;
  const perIp = limit(app, { name: 'social', max: 30, windowMs: 15 * 60_000, by: 'ip', message: tooManyAttempts });

  app.get(
    API_ROUTES.socialProviders.path,
    {
      schema: { tags: ['auth'], summary: 'Identity providers configured for sign-in', ...routeSchema(API_ROUTES.socialProviders, {}) },
    },
    async () => ({ data: { providers: social.list() } }),
  );

  app.get(
    API_ROUTES.socialLogin.path,
    {
      preHandler: [perIp],
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with a social provider',
        ...routeSchema(API_ROUTES.socialLogin, { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema }),
      },
    },
    async (request) => ({ data: { url: await social.authorizationUrl(request.params.provider) } }),
  );

  /** The provider sends the browser here; the browser goes on to the app with a one-time token in the fragment. */
  app.get(
    '/auth/service/:provider/callback',
    { config: { access: 'public' }, preHandler: [perIp], schema: { tags: ['auth'], params: providerParams, hide: true } },
    async (request, reply) => {
      const callbackUrl = new URL(request.url, `${publicUrl}/`);
      try {
        const token = await social.complete(request.params.provider, callbackUrl);
        // A fragment never reaches servers or logs, so the token does not leak through Referer or access logs.
        return reply.redirect(`${publicUrl}/auth/callback#token=${encodeURIComponent(token)}`, 302);
      } catch (error) {
        if (!(error instanceof SocialSignInError)) throw error;
        return reply.redirect(`${publicUrl}/auth/callback#error=${error.reason}`, 302);
      }
    },
  );
};
