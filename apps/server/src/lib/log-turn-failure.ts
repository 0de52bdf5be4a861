import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/** The provider's own error stays in the log; the user gets the AppError's plain message. */
export function logTurnFailure(error: unknown, request: FastifyRequest): void {
  if (!(error instanceof AppError)) request.log.error({ err: error }, 'chat turn failed');
  else if (error.cause) request.log.warn({ err: error.cause }, 'language model failed');
}
