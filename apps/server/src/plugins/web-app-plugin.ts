import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@sparks/contract';
import fp from 'fastify-plugin';
import { sendError } from './error-handler-plugin.js';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every other page
 * route so client-side routing works on reload. API paths never fall back to the SPA.
 */
export const webAppPlugin = fp(
  async (app, options: { webDistDir: string | undefined }) => {
    const root = options.webDistDir;
    const served = Boolean(root && existsSync(join(root, 'index.html')));
    if (served && root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // Cache headers are set below: immutable for hashed assets, revalidate for everything else.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', filePath.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      // Any spelling of an API path (/API/..., //api/...) is a missed API call: a 200 page would pass for success.
      const apiPath = /^\/+api(?:\/|$)/i.test(path);
      const wantsPage = served && (request.method === 'GET' || request.method === 'HEAD') && !apiPath;
      if (wantsPage) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return sendError(reply, 404, ERROR_CODES.NOT_FOUND, [`Route ${request.method} ${path} not found`]);
    });
    app.decorate('webAppServed', served);
  },
  { name: 'web-app' },
);

declare module 'fastify' {
  interface FastifyInstance {
    webAppServed: boolean;
  }
}
