import { API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatTurnLimit } from '../../lib/chat-turn-limit.js';
import { collectTurn } from '../../lib/collect-turn.js';
import { publicUrlFor } from '../../lib/public-url-for.js';
import { streamTurn } from '../../lib/stream-turn.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 402, 403, 404, 429, 502, 504);
const secured = { tags: ['assistant'], security: [{ bearer: [] }] };

export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assistant } = app.services;
  const turnLimit = chatTurnLimit(app, 'assistant-turn');

  app.get(
    API_ROUTES.systemChat.path,
    {
      preHandler: turnLimit,
      schema: {
        ...secured,
        summary: 'Talk with the system assistant of a topic (new-spark, settings, billing, deploy, profile, onboarding, main_chat)',
        description:
          'product.md §7: answers text/event-stream whose one data line is {messages, sessionId, sparkId}. With stream=true the answer is written as it is produced: start, delta, message, then done ({messages, sessionId, sparkId}) or error.',
        ...routeSchema(API_ROUTES.systemChat, errors),
      },
    },
    async (request, reply) => {
      const turn = await assistant.prepare(request.callerSession, request.params.sparkname, request.query, publicUrlFor(request));
      const done = (messages: unknown[]) => ({ messages, sessionId: turn.conversationId, sparkId: turn.sparkId() });
      if (request.query.stream === 'true') return streamTurn(request, reply, turn, done);
      const body = done(await collectTurn(request, reply, turn));
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(`data: ${JSON.stringify(body)}\n\n`);
    },
  );

  app.get(
    API_ROUTES.systemHistory.path,
    {
      schema: {
        ...secured,
        summary: 'A system-assistant conversation of the caller, with all its messages',
        ...routeSchema(API_ROUTES.systemHistory, errors),
      },
    },
    async (request) => ({ data: await assistant.history(request.caller, request.params.id) }),
  );
};
