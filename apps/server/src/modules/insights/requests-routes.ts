import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema } from '../../lib/route-schema.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 404, 502);
const secured = { tags: ['insights'], security: [{ bearer: [] }] };

/** Visitors' requests for a person: the owner's list, their reply (e-mailed to the visitor) and deleting one. */
export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requests } = app.services;

  app.get(
    API_ROUTES.listRequests.path,
    { schema: { ...secured, summary: "Visitors' requests for a person, newest first", ...routeSchema(API_ROUTES.listRequests, errors) } },
    async (request) => ({ data: await requests.list(request.caller.tenantId, request.params.sparkId) }),
  );
  app.post(
    API_ROUTES.answerRequest.path,
    {
      schema: {
        ...secured,
        summary: "Reply to a visitor's request by e-mail; with `knowledge`, the owner's edited text also becomes the question's owner answer",
        ...routeSchema(API_ROUTES.answerRequest, errors),
      },
    },
    async (request) => ({
      data: await requests.answer(
        { tenantId: request.caller.tenantId, userId: request.caller.userId },
        request.params.sparkId,
        request.params.requestId,
        request.body,
      ),
    }),
  );
  app.post(
    API_ROUTES.saveLiveAnswer.path,
    {
      schema: {
        ...secured,
        summary: "Save one of the owner's live messages as the answer to the visitor's question before it, and mark the conversation's requests answered",
        ...routeSchema(API_ROUTES.saveLiveAnswer, errorResponses(400, 401, 404, 409)),
      },
    },
    async (request, reply) => {
      const saved = await requests.saveLiveAnswer(
        { tenantId: request.caller.tenantId, userId: request.caller.userId },
        request.params.sparkId,
        request.params.conversationId,
        request.body.seq,
      );
      return reply.status(201).send({ data: saved });
    },
  );
  app.delete(
    API_ROUTES.deleteRequest.path,
    { schema: { ...secured, summary: "Delete a request and the visitor's address with it", ...routeSchema(API_ROUTES.deleteRequest, errors) } },
    async (request) => {
      await requests.delete(request.caller.tenantId, request.params.sparkId, request.params.requestId);
      return { data: { deleted: true as const } };
    },
  );
};
