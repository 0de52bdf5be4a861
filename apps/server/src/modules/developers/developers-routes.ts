import { API_ROUTES, type ChatMessage } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectTurn } from '../../lib/collect-turn.js';
import { errorResponses } from '../../lib/error-responses.js';
import { wantsEventStream } from '../../lib/event-stream.js';
import { routeSchema } from '../../lib/route-schema.js';
import { streamTurn } from '../../lib/stream-turn.js';
import { visitorLanguage } from '../../lib/visitor-language.js';
import { widgetMessage } from '../../lib/widget-message.js';
import { apiAnswer } from './api-answer.js';

const errors = errorResponses(400, 401, 402, 403, 404, 429);
const askErrors = errorResponses(400, 401, 402, 403, 404, 423, 429, 502, 504);
const keysTags = { tags: ['developers'], security: [{ bearer: [] }] };
const keyTags: { tags: string[]; security: Array<Record<string, string[]>> } = { tags: ['developers'], security: [{ apiKey: [] }, { bearer: [] }] };

/** The account's API keys (owners and admins), and the question a key asks a Spark (docs/decisions/0043). */
export const developersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys, apiAsk } = app.services;

  app.get(
    API_ROUTES.listApiKeys.path,
    { schema: { ...keysTags, summary: "The account's API keys (never a secret) and the plan's allowance", ...routeSchema(API_ROUTES.listApiKeys, errors) } },
    async (request) => ({ data: await apiKeys.list(request.caller.tenantId) }),
  );
  app.post(
    API_ROUTES.createApiKey.path,
    { schema: { ...keysTags, summary: 'Create an API key: its secret is in this answer only', ...routeSchema(API_ROUTES.createApiKey, errors) } },
    async (request, reply) => reply.status(201).send({ data: await apiKeys.create(request.caller, request.body) }),
  );
  app.delete(
    API_ROUTES.revokeApiKey.path,
    { schema: { ...keysTags, summary: 'Revoke an API key for good', ...routeSchema(API_ROUTES.revokeApiKey, errors) } },
    async (request) => {
      await apiKeys.revoke(request.caller, request.params.keyId);
      return { data: { deleted: true as const } };
    },
  );

  app.post(
    API_ROUTES.askSpark.path,
    {
      schema: {
        ...keyTags,
        summary: 'Ask a Spark: its answer with the passages it cites',
        description:
          'Continue a conversation with the `conversationId` an earlier answer returned, or group one person’s questions with `endUserId`. Answers JSON, or Server-Sent Events (`start`, `delta`, `message`, `done`) when the request accepts text/event-stream; `done` carries the same answer as the JSON.',
        ...routeSchema(API_ROUTES.askSpark, askErrors),
      },
    },
    async (request, reply) => {
      const turn = await apiAsk.ask(request.caller.tenantId, request.params.sparkId, request.body, visitorLanguage(request));
      const done = (messages: ChatMessage[]) => apiAnswer(turn.conversationId, messages);
      if (!wantsEventStream(request)) return { data: done(await collectTurn(request, reply, turn)) };
      return streamTurn(request, reply, turn, done, widgetMessage);
    },
  );
};
