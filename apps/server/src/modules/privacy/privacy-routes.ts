import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageLanguage } from '../../web-app/page-language.js';
import { privacyPage } from './privacy-page.js';

/**
 * /privacy, where sign-up's privacy checkbox links: the operator's own policy when
 * PRIVACY_POLICY_URL is set (a redirect), otherwise the built-in one in the visitor's language.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = app.config.privacyPolicyUrl;
  app.get('/privacy', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (own) return reply.redirect(own, 302);
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(privacyPage(pageLanguage({ search, headers: request.headers })));
  });
};
