import { ERROR_CODES, API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { accountInBody, limit } from '../../lib/rate-limits.js';
import { bearerToken } from '../../auth/bearer-token.js';
import { accountErrorResponses, tooManyAttempts } from './route-responses.js';

const WINDOW = 15 * 60_000;

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passwords } = app.services;

  app.post(
    API_ROUTES.forgotPassword.path,
    {
      preHandler: [
        limit(app, { name: 'forgot', max: 10, windowMs: WINDOW, by: 'ip', message: tooManyAttempts }),
        limit(app, { name: 'forgot-account', max: 3, windowMs: WINDOW, by: accountInBody, message: tooManyAttempts }),
      ],
      schema: { tags: ['auth'], summary: 'E-mail a link to choose a new password', ...routeSchema(API_ROUTES.forgotPassword, accountErrorResponses) },
    },
    async (request) => {
      await passwords.forgot(request.body.email);
      return { data: { message: 'If an account uses this e-mail, a reset link is on its way.' } };
    },
  );

  app.post(
    API_ROUTES.resetPassword.path,
    {
      preHandler: [limit(app, { name: 'reset', max: 20, windowMs: WINDOW, by: 'ip', message: tooManyAttempts })],
      schema: {
        tags: ['auth'],
        description: 'Bearer: the token of the e-mailed reset link. Returns a one-time token for POST /auth/login.',
        summary: 'Choose a new password with the e-mailed link',
        ...routeSchema(API_ROUTES.resetPassword, accountErrorResponses),
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw new AppError(401, ERROR_CODES.UNAUTHORIZED, 'The reset link token is missing');
      return { data: { token: await passwords.reset(token, request.body.newPassword) } };
    },
  );
};
