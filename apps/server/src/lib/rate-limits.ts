import { ERROR_CODES } from '@sparks/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export interface LimitOptions {
  /** Distinguishes this limit's counters from every other limit's. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client address, or an account named in the body. */
  by: 'ip' | ((request: FastifyRequest) => string | undefined);
  message: (retryAfterSeconds: number) => string;
}

/**
 * A preHandler enforcing one limit, after the body is parsed so limits can count per account.
 * Built on the plugin's createRateLimit (same store as the global limit) because its per-route
 * handler runs only once per request and a route here often needs two limits.
 */
export function limit(app: FastifyInstance, options: LimitOptions) {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    // The global allow-list spares page loads outside /api; a limit set on purpose applies everywhere.
    allowList: () => false,
    keyGenerator: (request) => {
      const subject = options.by === 'ip' ? request.ip : (options.by(request) ?? request.ip);
      return `${options.name}:${subject}`;
    },
  });
  return async (request: FastifyRequest): Promise<void> => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(429, ERROR_CODES.RATE_LIMITED, options.message(Math.max(1, Math.ceil(result.ttl / 1000))));
    }
  };
}

/** The account a request names, lower-cased, whichever field the endpoint uses for it. */
export function accountInBody(request: FastifyRequest): string | undefined {
  const body = request.body as { username?: unknown; email?: unknown } | undefined;
  const value = body?.username ?? body?.email;
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}
