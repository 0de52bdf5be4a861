import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@sparks/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageLanguage, saysSignedIn } from '../web-app/page-language.js';
import { SpaPages } from '../web-app/spa-pages.js';
import { addVary } from '../lib/add-vary.js';
import { sendError } from './error-handler-plugin.js';

/** Any spelling of an API path (/API/..., //api/...) is a missed API call: a 200 page would pass for success. */
const isApiPath = (path: string) => /^\/+api(?:\/|$)/i.test(path);

/** Sends one of the page's copies by Accept-Encoding (Brotli first when the browser weighs both alike). */
function sendPage(request: FastifyRequest, reply: FastifyReply, pages: SpaPages) {
  const [path = '', search = ''] = request.url.split('?');
  const page = pages.page(path, pageLanguage({ search, headers: request.headers }), saysSignedIn({ search, headers: request.headers }));
  const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip', 'identity']);
  // The page differs by language, which the app reads from ?lng=, its cookie or the browser's languages, and by the signed-in hint cookie.
  addVary(reply, 'Accept-Language');
  addVary(reply, 'Cookie');
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  const body = encoding === 'br' ? page.brotli : encoding === 'gzip' ? page.gzip : page.html;
  if (encoding === 'br' || encoding === 'gzip') reply.header('content-encoding', encoding);
  // HEAD: the headers of the page a GET would get, without its body.
  if (request.method === 'HEAD') return reply.header('content-length', String(body.length)).send();
  return reply.send(body);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every other page
 * route so client-side routing works on reload, in the visitor's language and announcing what
 * its first screen needs (SpaPages). API paths never fall back to the SPA. The build writes
 * Brotli and gzip copies of its text files; the one the browser accepts is sent as it is.
 */
export const webAppPlugin = fp(
  async (app, options: { webDistDir: string | undefined }) => {
    const root = options.webDistDir;
    const served = Boolean(root && existsSync(join(root, 'index.html')));
    const pages = served && root ? SpaPages.load(root) : undefined;
    if (served && root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        // Cache headers are set below: immutable for hashed assets, revalidate for everything else.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', filePath.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // The same address answers compressed or not by Accept-Encoding: caches must keep the two apart.
      app.addHook('onSend', async (request, reply, payload) => {
        if (!isApiPath(request.url.split('?')[0] ?? '')) addVary(reply, 'Accept-Encoding');
        return payload;
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const apiPath = isApiPath(path);
      const wantsPage = served && (request.method === 'GET' || request.method === 'HEAD') && !apiPath;
      if (wantsPage && pages) return sendPage(request, reply, pages);
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
