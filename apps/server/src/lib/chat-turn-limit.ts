import type { FastifyInstance } from 'fastify';
import { limit } from './rate-limits.js';

/**
 * The per-user limit on chat turns (CHAT_TURNS_PER_MINUTE), counted separately for each kind of
 * chat. Used as a route preHandler, which runs after authentication, so the user is known.
 */
export function chatTurnLimit(app: FastifyInstance, name: string) {
  return limit(app, {
    name,
    max: app.config.chatTurnsPerMinute,
    windowMs: 60_000,
    by: (request) => request.auth?.userId,
    message: (seconds) => `Too many messages in a short time. Please wait ${seconds} seconds and try again.`,
  });
}
