import { readFile, readdir } from 'node:fs/promises';
import { zipSync } from 'fflate';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ERROR_CODES, deployTokenSchema } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { publicUrlFor } from '../../lib/public-url-for.js';
import { limit } from '../../lib/rate-limits.js';
import { widgetFramePage, widgetFramePolicy, widgetRefusedPage } from './widget-frame-page.js';
import { visitorLanguage } from '../../lib/visitor-language.js';

const ASSETS = {
  '/widget.js': { file: 'widget.js', type: 'text/javascript; charset=utf-8', crossOrigin: true },
  '/widget/frame.js': { file: 'frame.js', type: 'text/javascript; charset=utf-8', crossOrigin: false },
  '/widget/frame.css': { file: 'frame.css', type: 'text/css; charset=utf-8', crossOrigin: false },
} as const;

const originOf = (referer: string | undefined): string | null => {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * The loader every website includes, and the chat frame it opens: served from the product's own
 * origin, so the frame is isolated from the website and the website cannot read it.
 */
export const widgetFrameRoutes: FastifyPluginAsyncZod<{ distDir: string; wordpressPluginDir: string }> = async (app, { distDir, wordpressPluginDir }) => {
  const { widget } = app.services;
  let pluginZip: Buffer | undefined;
  app.get(
    '/widget/sparks-chat-wordpress.zip',
    { config: { access: 'public' }, schema: { tags: ['widget'], summary: 'The WordPress plugin that adds the widget to a WordPress site' } },
    async (_request, reply) => {
      if (!pluginZip) {
        const files = await readdir(wordpressPluginDir).catch(() => [] as string[]);
        if (files.length === 0) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'The WordPress plugin is not part of this installation');
        const entries = Object.fromEntries(
          await Promise.all(files.sort().map(async (file) => [`sparks-chat/${file}`, new Uint8Array(await readFile(join(wordpressPluginDir, file)))] as const)),
        );
        pluginZip = Buffer.from(zipSync(entries, { level: 9 }));
      }
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="sparks-chat-wordpress.zip"')
        .header('cache-control', 'public, max-age=300')
        .send(pluginZip);
    },
  );

  // Compressed once, when first asked for: the few kB every website page loads are sent as such.
  const cache = new Map<string, { identity: Buffer; br: Buffer; gzip: Buffer }>();
  for (const [path, asset] of Object.entries(ASSETS)) {
    app.get(path, { config: { access: 'public' }, schema: { tags: ['widget'], summary: `The widget's ${asset.file}`, hide: true } }, async (request, reply) => {
      let body = cache.get(asset.file);
      if (!body) {
        const identity = await readFile(join(distDir, asset.file)).catch(() => undefined);
        if (!identity) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'The widget is not built: run npm run build');
        body = { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) };
        cache.set(asset.file, body);
      }
      // The loader is fetched by other websites' pages, which the default same-origin policy would refuse.
      if (asset.crossOrigin) void reply.header('cross-origin-resource-policy', 'cross-origin').header('access-control-allow-origin', '*');
      const accepts = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      void reply.type(asset.type).header('cache-control', 'public, max-age=300').header('vary', 'accept-encoding');
      return encoding ? reply.header('content-encoding', encoding).send(body[encoding]) : reply.send(body.identity);
    });
  }

  // Each load reads the database and signs a ticket: limited per address like the API (which this path is not under).
  const frameLoads = limit(app, {
    name: 'widget-frame',
    max: app.config.rateLimitMax,
    windowMs: 60_000,
    by: 'ip',
    message: (seconds) => `Too many requests. Please wait ${seconds} seconds and try again.`,
  });
  app.get(
    '/widget/frame/:token',
    {
      config: { access: 'visitor' },
      preHandler: frameLoads,
      schema: {
        tags: ['widget'],
        summary: 'The chat frame a website shows (only inside its allowed websites)',
        params: z.object({ token: deployTokenSchema }),
        hide: true,
      },
    },
    async (request, reply) => {
      const language = visitorLanguage(request);
      void reply
        .removeHeader('x-frame-options')
        // Websites that isolate themselves (COEP) may still frame it; its requests keep naming our origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('referrer-policy', 'same-origin')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8');
      try {
        // Browsers say what a request is for: the chat exists only inside a website, never as a page of its own.
        const destination = request.headers['sec-fetch-dest'];
        if (destination !== undefined && destination !== 'iframe') throw new AppError(403, ERROR_CODES.FORBIDDEN, 'This chat opens only inside a website.');
        const frame = await widget.frame(request.params.token, originOf(request.headers.referer), language, publicUrlFor(request));
        return reply
          .header('content-security-policy', widgetFramePolicy(frame.allowedOrigins))
          .send(widgetFramePage({ token: request.params.token, ticket: frame.ticket, language, look: frame.look }));
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        return reply.code(error.statusCode).header('content-security-policy', widgetFramePolicy([])).send(widgetRefusedPage(language, error.message));
      }
    },
  );
};
