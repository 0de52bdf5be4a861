import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { API_BASE_PATH, ERROR_CODES, WIDGET_HEADERS } from '@sparks/contract';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';

export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix and the docs UI set inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
    });
    // Same-origin by default; other origins only when listed in CORS_ORIGINS. The widget's public
    // API answers any website without credentials: each Spark's own allowlist is checked by its routes.
    const appCors = { origin: app.config.corsOrigins.length > 0 ? app.config.corsOrigins : false, credentials: true };
    const widgetCors = {
      origin: true,
      credentials: false,
      methods: ['GET', 'POST'],
      allowedHeaders: ['content-type', 'accept', WIDGET_HEADERS.visitor, WIDGET_HEADERS.ticket],
      exposedHeaders: [WIDGET_HEADERS.visitor],
      maxAge: 600,
    };
    await app.register(cors, {
      delegator: (request, callback) => callback(null, request.url.startsWith(`${API_BASE_PATH}/widget/`) ? widgetCors : appCors),
    });
    // With REDIS_URL every instance counts in the same store, so a limit holds across instances.
    const redis = app.config.redisUrl ? new Redis(app.config.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    await app.register(rateLimit, {
      max: app.config.rateLimitMax,
      ...(redis ? { redis, nameSpace: `${app.config.redisKeyPrefix}rate:`, skipOnError: false } : {}),
      timeWindow: '1 minute',
      // The budget is for API calls: loading the web app's pages and assets must not spend it.
      allowList: (request) => !request.url.startsWith(`${API_BASE_PATH}/`),
      errorResponseBuilder: (_request, context) =>
        new AppError(429, ERROR_CODES.RATE_LIMITED, `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
    });
  },
  { name: 'security', dependencies: ['config'] },
);
