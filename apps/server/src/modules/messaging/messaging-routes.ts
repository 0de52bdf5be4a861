import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { publicUrlFor } from '../../lib/public-url-for.js';
import { limit } from '../../lib/rate-limits.js';
import { routeSchema } from '../../lib/route-schema.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 502);
const secured = { tags: ['messaging'], security: [{ bearer: [] }] };

/** The owner's Messenger and Instagram card and Telegram card (docs/decisions/0041): connect, pause, test, disconnect. */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messaging } = app.services;
  // Connecting calls the platform (and a test writes to a person): a few a minute are plenty.
  const calls = limit(app, {
    name: 'messaging-calls',
    max: 10,
    windowMs: 60_000,
    by: (request) => request.caller.tenantId,
    message: (seconds) => `Too many attempts in a short time. Try again in ${seconds} seconds.`,
  });
  app.get(
    API_ROUTES.getMessaging.path,
    {
      schema: {
        ...secured,
        summary: "The Spark's channel on Meta or Telegram: what to paste and whether messages arrive",
        ...routeSchema(API_ROUTES.getMessaging, errors),
      },
    },
    async (request) => ({ data: await messaging.view(request.caller.tenantId, request.params.sparkId, request.params.platform, publicUrlFor(request)) }),
  );
  app.put(
    API_ROUTES.connectMeta.path,
    {
      preHandler: [calls],
      schema: {
        ...secured,
        summary: 'Connect a Facebook Page and its Instagram account (or replace the token and secret); they are never sent back',
        ...routeSchema(API_ROUTES.connectMeta, errors),
      },
    },
    async (request) => ({ data: await messaging.connectMeta(request.caller.tenantId, request.params.sparkId, request.body, publicUrlFor(request)) }),
  );
  app.put(
    API_ROUTES.connectTelegram.path,
    {
      preHandler: [calls],
      schema: {
        ...secured,
        summary: 'Connect a Telegram bot (or replace its token); the token is never sent back',
        ...routeSchema(API_ROUTES.connectTelegram, errors),
      },
    },
    async (request) => ({ data: await messaging.connectTelegram(request.caller.tenantId, request.params.sparkId, request.body, publicUrlFor(request)) }),
  );
  app.patch(
    API_ROUTES.updateMessaging.path,
    { schema: { ...secured, summary: 'Pause the channel, or let a bot answer in groups', ...routeSchema(API_ROUTES.updateMessaging, errors) } },
    async (request) => ({
      data: await messaging.update(request.caller.tenantId, request.params.sparkId, request.params.platform, request.body, publicUrlFor(request)),
    }),
  );
  app.delete(
    API_ROUTES.disconnectMessaging.path,
    { schema: { ...secured, summary: 'Disconnect the channel and forget its tokens', ...routeSchema(API_ROUTES.disconnectMessaging, errors) } },
    async (request) => {
      await messaging.disconnect(request.caller.tenantId, request.params.sparkId, request.params.platform);
      return { data: { deleted: true as const } };
    },
  );
  app.post(
    API_ROUTES.testMessaging.path,
    {
      preHandler: [calls],
      schema: {
        ...secured,
        summary: 'Send a test message to whoever last wrote; the platform’s refusal comes back in plain words (502)',
        ...routeSchema(API_ROUTES.testMessaging, errors),
      },
    },
    async (request) => {
      await messaging.sendTest(request.caller.tenantId, request.params.sparkId, request.params.platform);
      return { data: { sent: true as const } };
    },
  );
};
