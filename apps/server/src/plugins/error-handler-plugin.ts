import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@sparks/contract';
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorDetails } from '../lib/app-error.js';
import { unavailableDependency } from '../lib/unavailable-dependency.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.VALIDATION_FAILED,
  401: ERROR_CODES.UNAUTHORIZED,
  402: ERROR_CODES.PAYMENT_REQUIRED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  405: ERROR_CODES.METHOD_NOT_ALLOWED,
  409: ERROR_CODES.CONFLICT,
  413: ERROR_CODES.PAYLOAD_TOO_LARGE,
  414: ERROR_CODES.VALIDATION_FAILED,
  415: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
  429: ERROR_CODES.RATE_LIMITED,
  503: ERROR_CODES.SERVICE_UNAVAILABLE,
};

export function sendError(reply: FastifyReply, status: number, code: ErrorCode, errors: string[], details: ErrorDetails = {}): FastifyReply {
  const body: ErrorBody = { errors, code, status, ...details };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Router-level failures (malformed or over-long URLs) bypass the error handler; Fastify hands them here. */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 400;
  const message = status === 414 ? 'The address is too long' : 'The address is not valid';
  return sendError(reply, status, CODE_BY_STATUS[status] ?? ERROR_CODES.VALIDATION_FAILED, [message]);
}

function isJsonParseError(error: FastifyError): boolean {
  return error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
}

/**
 * Every failure leaves the server as `{ errors, code, status }`: validation and parse errors
 * become 400s with readable messages, known client errors keep their status, and anything
 * unexpected is logged in full but answered with a generic 500 that carries no internals.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return sendError(reply, error.statusCode, error.code, [error.message], error.details);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const messages = error.validation.map((issue) => {
          const where = `${error.validationContext ?? 'request'}${issue.instancePath.replaceAll('/', '.')}`.replace(/\.$/, '');
          return `${where}: ${issue.message ?? 'is invalid'}`;
        });
        return sendError(reply, 400, ERROR_CODES.VALIDATION_FAILED, messages);
      }
      if (error.statusCode === 400 && isJsonParseError(error)) {
        return sendError(reply, 400, ERROR_CODES.INVALID_JSON, ['The request body is not valid JSON']);
      }
      // PostgreSQL "data exception" class (22xxx): a value the database cannot store is the client's input.
      const sqlState = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? error.code;
      if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
        // Bad input, not a fault of ours: one line saying what was refused, no stack.
        request.log.warn({ sqlState, reason: error.message.split('\n')[0]?.slice(0, 200) }, 'input the database refused');
        return sendError(reply, 400, ERROR_CODES.VALIDATION_FAILED, ['The request holds a value that cannot be stored']);
      }
      const unavailable = unavailableDependency(error);
      if (unavailable) {
        request.log.error({ err: error }, unavailable === 'storage' ? 'storage is full' : 'database unreachable');
        const message =
          unavailable === 'storage'
            ? 'There is no room to store files right now, so nothing was kept. Please try again later.'
            : 'The service is briefly unavailable. Please try again in a moment.';
        void reply.header('retry-after', '5');
        return sendError(reply, 503, ERROR_CODES.SERVICE_UNAVAILABLE, [message]);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return sendError(reply, status, CODE_BY_STATUS[status] ?? ERROR_CODES.VALIDATION_FAILED, [error.message]);
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 500, ERROR_CODES.INTERNAL, ['Something went wrong on our side. Please try again.']);
    });
  },
  { name: 'error-handler' },
);
