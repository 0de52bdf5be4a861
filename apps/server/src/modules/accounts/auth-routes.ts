import { ERROR_CODES, API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { accountInBody, limit } from '../../lib/rate-limits.js';
import { bearerToken } from '../../auth/bearer-token.js';
import { accountErrorResponses, tooManyAttempts } from './route-responses.js';
import type { ClientMeta } from './account-deps.js';

const MINUTE = 60_000;
const meta = (request: FastifyRequest): ClientMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, registration } = app.services;
  const perIp = (name: string, max: number, windowMs = 15 * MINUTE) => limit(app, { name, max, windowMs, by: 'ip', message: tooManyAttempts });
  const perAccount = (name: string, max: number, windowMs = 15 * MINUTE) => limit(app, { name, max, windowMs, by: accountInBody, message: tooManyAttempts });

  app.post(
    API_ROUTES.register.path,
    {
      preHandler: [perIp('register', 20)],
      schema: {
        tags: ['auth'],
        summary: 'Create an account: an e-mailed code confirms the address',
        ...routeSchema(API_ROUTES.register, accountErrorResponses),
      },
    },
    async (request, reply) => reply.status(201).send({ data: await registration.register(request.body) }),
  );

  app.post(
    API_ROUTES.sendCode.path,
    {
      preHandler: [
        perIp('send-code', 20),
        limit(app, {
          name: 'send-code-cooldown',
          max: 1,
          windowMs: MINUTE,
          by: accountInBody,
          message: (s) => `Please wait ${s} seconds before asking for a new code.`,
        }),
      ],
      schema: { tags: ['auth'], summary: 'Send the confirmation code again', ...routeSchema(API_ROUTES.sendCode, accountErrorResponses) },
    },
    async (request) => {
      await registration.resendCode(request.body.username);
      return { data: { message: 'If the account is waiting for verification, a new code is on its way.' } };
    },
  );

  app.post(
    API_ROUTES.verifyCode.path,
    {
      preHandler: [perIp('verify-code', 30), perAccount('verify-code-account', 10)],
      schema: {
        tags: ['auth'],
        summary: 'Confirm the address with the e-mailed code and sign in',
        ...routeSchema(API_ROUTES.verifyCode, accountErrorResponses),
      },
    },
    async (request) => ({ data: await registration.verifyCode(request.body.username, request.body.code, meta(request)) }),
  );

  app.post(
    API_ROUTES.login.path,
    {
      preHandler: [perIp('login', app.config.loginAttempts.ip), perAccount('login-account', app.config.loginAttempts.account)],
      schema: {
        tags: ['auth'],
        description: 'With a body: password login. With no body and a bearer one-time login token (after a password reset): exchanges it.',
        summary: 'Sign in with a password or a one-time login token',
        ...routeSchema(API_ROUTES.login, accountErrorResponses),
      },
    },
    async (request) => {
      if (request.body) return { data: await sessions.login(request.body.username, request.body.password, meta(request)) };
      const token = bearerToken(request);
      if (!token) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'body: username and password are required');
      return { data: await sessions.redeem('login', token, meta(request)) };
    },
  );

  app.get(
    API_ROUTES.exchangeToken.path,
    {
      preHandler: [perIp('exchange', 30)],
      schema: {
        tags: ['auth'],
        summary: 'Trade a social sign-in’s one-time token for a session',
        ...routeSchema(API_ROUTES.exchangeToken, accountErrorResponses),
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw new AppError(401, ERROR_CODES.UNAUTHORIZED, 'A sign-in token is required');
      return { data: await sessions.redeem('exchange', token, meta(request)) };
    },
  );

  app.post(
    API_ROUTES.refreshToken.path,
    {
      preHandler: [perIp('refresh', 120, MINUTE)],
      schema: { tags: ['auth'], summary: 'A new access token for a live session', ...routeSchema(API_ROUTES.refreshToken, accountErrorResponses) },
    },
    async (request) => ({ data: await sessions.refresh(request.body.refresh_token, meta(request)) }),
  );

  app.post(
    API_ROUTES.logout.path,
    {
      schema: { tags: ['auth'], summary: 'End this session', ...routeSchema(API_ROUTES.logout, accountErrorResponses) },
    },
    async (request) => {
      if (request.auth) await sessions.logout(request.auth.sessionId);
      return { data: { loggedOut: true as const } };
    },
  );
};
