import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { publicUrlFor } from '../../lib/public-url-for.js';
import { limit } from '../../lib/rate-limits.js';
import { routeSchema } from '../../lib/route-schema.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 502);
const secured = { tags: ['whatsapp'], security: [{ bearer: [] }] };

/** The owner's WhatsApp card (docs/decisions/0031): connect a number, pause, test, disconnect. */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const { whatsapp } = app.services;
  // Each test message is a message Meta counts for the business: a few a minute are plenty.
  const tests = limit(app, {
    name: 'whatsapp-test',
    max: 5,
    windowMs: 60_000,
    by: (request) => request.caller.tenantId,
    message: (seconds) => `Too many test messages in a short time. Try again in ${seconds} seconds.`,
  });
  app.get(
    API_ROUTES.getWhatsapp.path,
    {
      schema: {
        ...secured,
        summary: "The Spark's WhatsApp channel: what to paste into Meta's console and whether messages arrive",
        ...routeSchema(API_ROUTES.getWhatsapp, errors),
      },
    },
    async (request) => ({ data: await whatsapp.view(request.caller.tenantId, request.params.sparkId, publicUrlFor(request)) }),
  );
  app.put(
    API_ROUTES.connectWhatsapp.path,
    {
      schema: {
        ...secured,
        summary: 'Connect a WhatsApp Business number (or replace its token and secret); they are never sent back',
        ...routeSchema(API_ROUTES.connectWhatsapp, errors),
      },
    },
    async (request) => ({ data: await whatsapp.connect(request.caller.tenantId, request.params.sparkId, request.body, publicUrlFor(request)) }),
  );
  app.patch(
    API_ROUTES.updateWhatsapp.path,
    { schema: { ...secured, summary: 'Pause the channel or let it answer again', ...routeSchema(API_ROUTES.updateWhatsapp, errors) } },
    async (request) => ({ data: await whatsapp.setPaused(request.caller.tenantId, request.params.sparkId, request.body.paused, publicUrlFor(request)) }),
  );
  app.delete(
    API_ROUTES.disconnectWhatsapp.path,
    { schema: { ...secured, summary: 'Disconnect the number and forget its token and secret', ...routeSchema(API_ROUTES.disconnectWhatsapp, errors) } },
    async (request) => {
      await whatsapp.disconnect(request.caller.tenantId, request.params.sparkId);
      return { data: { deleted: true as const } };
    },
  );
  app.post(
    API_ROUTES.testWhatsapp.path,
    {
      preHandler: [tests],
      schema: {
        ...secured,
        summary: "Send a test message from the number; Meta's refusal comes back in plain words (502)",
        ...routeSchema(API_ROUTES.testWhatsapp, errors),
      },
    },
    async (request) => {
      await whatsapp.sendTest({ tenantId: request.caller.tenantId, userId: request.caller.userId }, request.params.sparkId, request.body.to);
      return { data: { sent: true as const } };
    },
  );
};
