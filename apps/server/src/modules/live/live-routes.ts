import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { resumeAfter, sendLiveStream } from '../../lib/live-event-stream.js';
import { limit } from '../../lib/rate-limits.js';
import { routeSchema } from '../../lib/route-schema.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const secured = { tags: ['live'], security: [{ bearer: [] }] };

/** The owner's side of live conversations (docs/decisions/0030): watch, take over, write, hand back. */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { live, sessionEnds } = app.services;
  const writes = limit(app, {
    name: 'live-owner-writes',
    max: 60,
    windowMs: 60_000,
    by: (request) => request.caller.userId,
    message: (seconds) => `Too many messages in a short time. Please wait ${seconds} seconds.`,
  });
  const typing = limit(app, { name: 'live-owner-typing', max: 120, windowMs: 60_000, by: (request) => request.caller.userId, message: () => 'Too many.' });
  app.get(
    API_ROUTES.liveConversations.path,
    {
      schema: {
        ...secured,
        summary: "The Spark's visitor conversations of the last minutes, newest first",
        ...routeSchema(API_ROUTES.liveConversations, errors),
      },
    },
    async (request) => ({ data: await live.list(request.caller.tenantId, request.params.sparkId) }),
  );
  app.get(
    API_ROUTES.liveSparkEvents.path,
    {
      schema: {
        ...secured,
        summary: "The Spark's conversations as they change, a visitor asking for a person among them (text/event-stream)",
        ...routeSchema(API_ROUTES.liveSparkEvents, errors),
      },
    },
    async (request, reply) => {
      // The stream ends with the owner's session (a logout, a password reset): nothing reaches a signed-out screen.
      await sendLiveStream(
        request,
        reply,
        (signal) => live.sparkStream(request.caller.tenantId, request.params.sparkId, signal),
        sessionEnds.watch(request.callerSession),
      );
      // Answering the reply tells Fastify the stream is the answer (it is still being written).
      return reply;
    },
  );
  app.get(
    API_ROUTES.liveTranscript.path,
    { schema: { ...secured, summary: 'One visitor conversation: its state and every message', ...routeSchema(API_ROUTES.liveTranscript, errors) } },
    async (request) => ({ data: await live.transcript(request.caller.tenantId, request.params.sparkId, request.params.conversationId) }),
  );
  app.get(
    API_ROUTES.liveEvents.path,
    {
      schema: {
        ...secured,
        summary: 'One visitor conversation as it happens, resumed after Last-Event-ID (text/event-stream)',
        ...routeSchema(API_ROUTES.liveEvents, errors),
      },
    },
    async (request, reply) => {
      const after = resumeAfter(request, request.query.after);
      const { tenantId } = request.caller;
      await sendLiveStream(
        request,
        reply,
        (signal) => live.ownerStream(tenantId, request.params.sparkId, request.params.conversationId, after, signal),
        sessionEnds.watch(request.callerSession),
      );
      return reply;
    },
  );
  app.post(
    API_ROUTES.takeOver.path,
    { schema: { ...secured, summary: 'Take the conversation over: the Spark stops answering this visitor', ...routeSchema(API_ROUTES.takeOver, errors) } },
    async (request) => ({
      data: await live.takeOver(request.caller, request.params.sparkId, request.params.conversationId, request.body),
    }),
  );
  app.post(
    API_ROUTES.handBack.path,
    { schema: { ...secured, summary: 'Hand the conversation back to the Spark', ...routeSchema(API_ROUTES.handBack, errors) } },
    async (request) => ({ data: await live.handBack(request.callerSession, request.params.sparkId, request.params.conversationId) }),
  );
  app.post(
    API_ROUTES.ownerMessage.path,
    {
      preHandler: [writes],
      schema: { ...secured, summary: 'Write to the visitor of a conversation taken over', ...routeSchema(API_ROUTES.ownerMessage, errors) },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await live.say(request.caller, request.params.sparkId, request.params.conversationId, request.body.text) }),
  );
  app.post(
    API_ROUTES.ownerTyping.path,
    { preHandler: [typing], schema: { ...secured, summary: 'Show the visitor that the owner is typing', ...routeSchema(API_ROUTES.ownerTyping, errors) } },
    async (request) => {
      await live.ownerTyping(request.caller, request.params.sparkId, request.params.conversationId);
      return { data: { sent: true as const } };
    },
  );
};
