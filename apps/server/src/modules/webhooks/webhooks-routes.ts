import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { routeSchema } from '../../lib/route-schema.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const secured = { tags: ['developers'], security: [{ bearer: [] }] };

/** The account's webhook endpoints and their delivery log, for owners and admins (docs/decisions/0044). */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.services;
  app.get(
    API_ROUTES.listWebhooks.path,
    { schema: { ...secured, summary: "The account's webhook endpoints (never a secret)", ...routeSchema(API_ROUTES.listWebhooks, errors) } },
    async (request) => ({ data: await webhooks.list(request.caller.tenantId) }),
  );
  app.post(
    API_ROUTES.createWebhook.path,
    {
      schema: {
        ...secured,
        summary: 'Add an endpoint for some events: its signing secret is in this answer only',
        description:
          'Each delivery is a JSON POST with `Sparks-Event`, `Sparks-Delivery` and `Sparks-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under the secret. A failing endpoint (not 2xx, or unreachable) is tried again with growing waits for a day.',
        ...routeSchema(API_ROUTES.createWebhook, errors),
      },
    },
    async (request, reply) => reply.status(201).send({ data: await webhooks.create(request.caller, request.body) }),
  );
  app.patch(
    API_ROUTES.updateWebhook.path,
    { schema: { ...secured, summary: "Change an endpoint's events, or turn it off and on", ...routeSchema(API_ROUTES.updateWebhook, errors) } },
    async (request) => ({ data: await webhooks.update(request.caller, request.params.webhookId, request.body) }),
  );
  app.delete(
    API_ROUTES.deleteWebhook.path,
    { schema: { ...secured, summary: 'Remove an endpoint and its delivery log', ...routeSchema(API_ROUTES.deleteWebhook, errors) } },
    async (request) => {
      await webhooks.delete(request.caller, request.params.webhookId);
      return { data: { deleted: true as const } };
    },
  );
  app.post(
    API_ROUTES.rotateWebhookSecret.path,
    {
      schema: {
        ...secured,
        summary: 'A new signing secret, shown in this answer only; the old one stops at once',
        ...routeSchema(API_ROUTES.rotateWebhookSecret, errors),
      },
    },
    async (request) => ({ data: await webhooks.rotate(request.caller, request.params.webhookId) }),
  );
  app.get(
    API_ROUTES.webhookDeliveries.path,
    { schema: { ...secured, summary: "An endpoint's latest deliveries: status, duration, next try", ...routeSchema(API_ROUTES.webhookDeliveries, errors) } },
    async (request) => ({ data: await webhooks.deliveries(request.caller.tenantId, request.params.webhookId) }),
  );
  app.post(
    API_ROUTES.redeliverWebhook.path,
    { schema: { ...secured, summary: 'Send a delivery again now', ...routeSchema(API_ROUTES.redeliverWebhook, errors) } },
    async (request, reply) =>
      reply.status(202).send({ data: await webhooks.sendAgain(request.caller.tenantId, request.params.webhookId, request.params.deliveryId) }),
  );
};
