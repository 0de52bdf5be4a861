import {
  deploySettingsBodySchema,
  deploymentResponseSchema,
  errorBodySchema,
  visitorConversationListResponseSchema,
  visitorConversationsQuerySchema,
} from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const secured = { tags: ['deploy'], security: [{ bearer: [] }] };
const params = z.object({ sparkId: z.uuid({ error: 'must be a Spark id' }) });

/** The owner's side of a deployment: where the widget may run, its token, and what visitors asked. */
export const deployRoutes: FastifyPluginAsyncZod = async (app) => {
  const { widget } = app.services;
  app.addHook('onRequest', app.authenticate);
  const tenantOf = (request: { auth?: { tenantId: string } | null }) => request.auth!.tenantId;

  app.get(
    '/sparks/:sparkId/deploy',
    {
      schema: {
        ...secured,
        summary: "The Spark's deploy token, allowed websites and script tag",
        params,
        response: { 200: deploymentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await widget.deployment(tenantOf(request), request.params.sparkId) }),
  );
  app.patch(
    '/sparks/:sparkId/deploy',
    {
      schema: {
        ...secured,
        summary: 'Set the websites the widget may run on (the whole list), its daily caps, or both',
        params,
        body: deploySettingsBodySchema,
        response: { 200: deploymentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await widget.configure(tenantOf(request), request.params.sparkId, request.body) }),
  );
  app.post(
    '/sparks/:sparkId/deploy/rotate',
    {
      schema: {
        ...secured,
        summary: 'Replace the deploy token; the old one stops working everywhere',
        params,
        response: { 200: deploymentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await widget.rotate(tenantOf(request), request.params.sparkId) }),
  );
  app.get(
    '/sparks/:sparkId/visitor-conversations',
    {
      schema: {
        ...secured,
        summary: "Website visitors' conversations with the Spark, newest first (q searches their messages; before pages)",
        params,
        querystring: visitorConversationsQuerySchema,
        response: { 200: visitorConversationListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await widget.visitorConversations(tenantOf(request), request.params.sparkId, request.query) }),
  );
};
