import { type ChatMessage, API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wantsEventStream } from '../../lib/event-stream.js';
import { collectTurn } from '../../lib/collect-turn.js';
import { streamTurn } from '../../lib/stream-turn.js';
import { chatTurnLimit } from '../../lib/chat-turn-limit.js';
import type { PreparedTurn } from './conversation-service.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 402, 403, 404, 429, 502, 504);
const secured = { tags: ['chat'], security: [{ bearer: [] }] };
const streaming = 'Answers JSON, or Server-Sent Events (start, delta, message, done | error) when the request accepts text/event-stream.';

/** Sends a prepared turn either as one JSON answer or as a live event stream. */
async function replyWithTurn<T>(request: FastifyRequest, reply: FastifyReply, turn: PreparedTurn, done: (messages: ChatMessage[]) => T) {
  if (!wantsEventStream(request)) return { data: done(await collectTurn(request, reply, turn)) };
  return streamTurn(request, reply, turn, done);
}

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { builder, answers, conversations } = app.services;
  const turnLimit = chatTurnLimit(app, 'chat-turn');

  app.post(
    API_ROUTES.builderChat.path,
    {
      preHandler: turnLimit,
      schema: {
        ...secured,
        summary: "Send a message to a Spark's builder assistant",
        description: streaming,
        ...routeSchema(API_ROUTES.builderChat, errors),
      },
    },
    async (request, reply) => {
      const turn = await builder.prepare(request.caller, request.body);
      return replyWithTurn(request, reply, turn, (messages) => ({ conversationId: turn.conversationId, messages }));
    },
  );

  app.post(
    API_ROUTES.testChat.path,
    {
      preHandler: turnLimit,
      schema: {
        ...secured,
        summary: 'Ask a Spark a question in one of its test chats',
        description: streaming,
        ...routeSchema(API_ROUTES.testChat, errors),
      },
    },
    async (request, reply) => {
      const turn = await answers.prepareTest(request.caller, request.params.sparkId, request.params.testSparkId, request.body);
      return replyWithTurn(request, reply, turn, (messages) => ({
        conversationId: turn.conversationId,
        ai: messages.filter((message) => message.type === 'ai').at(-1) ?? messages.at(-1)!,
      }));
    },
  );

  app.post(
    API_ROUTES.testChatAction.path,
    {
      preHandler: turnLimit,
      schema: {
        ...secured,
        summary: 'Run the action the latest answer of a test chat offered, with the inputs given (409 when it is no longer offered or needs confirming)',
        ...routeSchema(API_ROUTES.testChatAction, errorResponses(400, 401, 402, 403, 404, 409, 429, 502, 504)),
      },
    },
    async (request, reply) => {
      const { sparkId, testSparkId, actionId } = request.params;
      const { summary, turn } = await answers.prepareTestAction(request.caller, sparkId, testSparkId, actionId, request.body);
      // What was given comes first, as the conversation keeps it.
      return { data: { conversationId: turn.conversationId, messages: [summary, ...(await collectTurn(request, reply, turn))] } };
    },
  );

  app.post(
    API_ROUTES.loadDocMessage.path,
    {
      schema: {
        ...secured,
        summary: 'Whether a message asks to attach a document to the Spark (the app then opens the file picker)',
        ...routeSchema(API_ROUTES.loadDocMessage, errors),
      },
    },
    async (request) => ({ data: { isDocumentLoadMessage: await builder.isDocumentLoadMessage(request.caller, request.body) } }),
  );

  app.get(
    API_ROUTES.chatHistory.path,
    {
      schema: {
        ...secured,
        summary: 'A stored conversation (builder or test chat) with all its messages',
        ...routeSchema(API_ROUTES.chatHistory, errors),
      },
    },
    async (request) => ({ data: await conversations.history(request.callerSession, request.params.id) }),
  );

  app.get(
    API_ROUTES.latestConversation.path,
    {
      schema: {
        ...secured,
        summary: "The latest conversation of a Spark's builder chat (yours) or, with testId, of one of its test chats; null when there is none yet",
        ...routeSchema(API_ROUTES.latestConversation, errors),
      },
    },
    async (request) => ({ data: await answers.latestConversation(request.caller, request.params.sparkId, request.query.testId) }),
  );
};
