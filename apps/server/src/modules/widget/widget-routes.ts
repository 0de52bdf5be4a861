import { createHash } from 'node:crypto';
import { WIDGET_HEADERS, type ChatMessage, API_ROUTES } from '@sparks/contract';
import { addVary } from '../../lib/add-vary.js';
import { publicUrlFor } from '../../lib/public-url-for.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectTurn } from '../../lib/collect-turn.js';
import { wantsEventStream } from '../../lib/event-stream.js';
import { limit } from '../../lib/rate-limits.js';
import { streamTurn } from '../../lib/stream-turn.js';
import { resumeAfter, sendLiveStream } from '../../lib/live-event-stream.js';
import type { DeployedSpark } from './widget-repository.js';
import { widgetMessage } from '../../lib/widget-message.js';
import { visitorLanguage } from '../../lib/visitor-language.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 402, 403, 404, 409, 423, 429, 502, 504);
const tags = ['widget'];

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length <= 1000 ? value : undefined;
};
/** The visitor, for rate limits: their session (a first question has none yet and counts only per address). */
const visitorKey = (request: FastifyRequest) =>
  createHash('sha256')
    .update(header(request, WIDGET_HEADERS.visitor) ?? '')
    .digest('base64url');
const onlyForVisitors =
  (check: (request: FastifyRequest) => Promise<void>) =>
  async (request: FastifyRequest): Promise<void> => {
    if (header(request, WIDGET_HEADERS.visitor)) await check(request);
  };

/**
 * The widget's public API, reached with a deploy token only (no account): the Spark's look, a
 * visitor's question, their conversation so far, their votes and their requests for a person.
 * Limited per address, per visitor and per Spark.
 */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { widget } = app.services;
  const perMinute = app.config.widgetTurnsPerMinute;
  const slowDown = (seconds: number) => `Too many questions in a short time. Please wait ${seconds} seconds and try again.`;
  const turnLimits = [
    limit(app, { name: 'widget-ip', max: perMinute.ip, windowMs: 60_000, by: 'ip', message: slowDown }),
    onlyForVisitors(limit(app, { name: 'widget-visitor', max: perMinute.visitor, windowMs: 60_000, by: visitorKey, message: slowDown })),
    limit(app, {
      name: 'widget-spark',
      max: perMinute.spark,
      windowMs: 60_000,
      by: (request) => (request.params as { token?: string }).token,
      message: (seconds) => `This assistant is very busy. Please try again in ${seconds} seconds.`,
    }),
  ];

  app.get(
    API_ROUTES.widgetLook.path,
    {
      schema: {
        tags,
        summary: "A deployed Spark's public look (name, greeting, palette, icon, suggested questions, privacy link), for its loader on an allowed website",
        ...routeSchema(API_ROUTES.widgetLook, errors),
      },
    },
    async (request, reply) => {
      // The greeting follows the browser's languages: a cache must not hand one visitor another's.
      addVary(reply, 'Accept-Language');
      return { data: (await widget.look(request.params.token, header(request, 'origin'), visitorLanguage(request), publicUrlFor(request))).look };
    },
  );

  // Who may ask is settled before any limit counts: a website that is not allowed cannot spend a Spark's budget.
  const admitted = new WeakMap<FastifyRequest, DeployedSpark>();
  const admit = async (request: FastifyRequest) => {
    const { token } = request.params as { token: string };
    admitted.set(request, await widget.access(token, header(request, 'origin'), header(request, WIDGET_HEADERS.ticket), publicUrlFor(request)));
  };

  app.post(
    API_ROUTES.widgetChat.path,
    {
      preHandler: [admit, ...turnLimits],
      schema: {
        tags,
        summary: "A website visitor's question to a deployed Spark",
        description: `Send the visitor's session in ${WIDGET_HEADERS.visitor} (answered in the same header and in the body). Answers JSON, or Server-Sent Events when the request accepts text/event-stream.`,
        ...routeSchema(API_ROUTES.widgetChat, errors),
      },
    },
    async (request, reply) => {
      const spark = admitted.get(request)!;
      const { visitorToken, turn } = await widget.ask(
        spark,
        header(request, WIDGET_HEADERS.visitor),
        request.body,
        visitorLanguage(request, request.body.language),
      );
      void reply.header(WIDGET_HEADERS.visitor, visitorToken);
      // One view of a message for visitors, on both paths: what was said and what the answer cites.
      const done = (messages: ChatMessage[]) => ({ visitorToken, messages: messages.flatMap((message) => widgetMessage(message) ?? []) });
      if (!wantsEventStream(request)) return { data: done(await collectTurn(request, reply, turn)) };
      return streamTurn(request, reply, turn, done, widgetMessage);
    },
  );

  // Votes and contact requests are cheap to send and cost the owner nothing, but a script may not flood them.
  const feedbackLimits = [
    limit(app, { name: 'widget-feedback-ip', max: 60, windowMs: 60_000, by: 'ip', message: (seconds) => `Too many votes. Please wait ${seconds} seconds.` }),
  ];
  const contactLimits = [
    limit(app, {
      name: 'widget-contact-ip',
      // Per address, generous enough for an office behind one; each visitor session is also limited per day.
      max: 30,
      windowMs: 60 * 60_000,
      by: 'ip',
      message: (seconds) => `Too many requests from this address. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
    }),
  ];

  app.put(
    API_ROUTES.widgetFeedback.path,
    {
      preHandler: [admit, ...feedbackLimits],
      schema: {
        tags,
        summary: 'A visitor’s thumbs up or down on an answer of their conversation (null takes it back), with an optional comment',
        ...routeSchema(API_ROUTES.widgetFeedback, errors),
      },
    },
    async (request) => ({ data: await widget.vote(admitted.get(request)!, header(request, WIDGET_HEADERS.visitor), request.body) }),
  );

  app.post(
    API_ROUTES.widgetContact.path,
    {
      preHandler: [admit, ...contactLimits],
      schema: {
        tags,
        summary: 'A visitor leaving their e-mail address for a person to answer their question (they consent to being e-mailed)',
        ...routeSchema(API_ROUTES.widgetContact, errors),
      },
    },
    async (request, reply) => {
      const spark = admitted.get(request)!;
      const language = visitorLanguage(request, request.body.language);
      const visitorToken = await widget.contact(spark, { token: header(request, WIDGET_HEADERS.visitor), address: request.ip }, request.body, language);
      return reply
        .header(WIDGET_HEADERS.visitor, visitorToken)
        .status(201)
        .send({ data: { received: true as const } });
    },
  );

  // An action calls the owner's systems: each visitor, and each address, runs a few in a short time at most.
  const actionLimits = [
    limit(app, { name: 'widget-action-ip', max: 30, windowMs: 10 * 60_000, by: 'ip', message: slowDown }),
    onlyForVisitors(limit(app, { name: 'widget-action-visitor', max: 10, windowMs: 10 * 60_000, by: visitorKey, message: slowDown })),
  ];
  app.post(
    API_ROUTES.widgetAction.path,
    {
      preHandler: [admit, ...actionLimits],
      schema: {
        tags,
        summary: 'A visitor’s answers to the action the Spark offered them: the action runs and its reply is the answer',
        description: `Send the visitor's session in ${WIDGET_HEADERS.visitor}. Only the action the Spark's latest answer offered runs (409 otherwise); one that changes something needs \`confirmed\`.`,
        ...routeSchema(API_ROUTES.widgetAction, errors),
      },
    },
    async (request, reply) => {
      const spark = admitted.get(request)!;
      const visitorToken = header(request, WIDGET_HEADERS.visitor);
      const { summary, turn } = await widget.runAction(spark, visitorToken, request.params.actionId, request.body);
      const answers = (await collectTurn(request, reply, turn)).flatMap((message) => widgetMessage(message) ?? []);
      // What the visitor gave comes first, as their conversation keeps it (a sensitive value masked).
      const given = { role: 'visitor' as const, content: summary, createdAt: answers[0]?.createdAt ?? new Date().toISOString() };
      return { data: { visitorToken: visitorToken!, messages: [given, ...answers] } };
    },
  );

  const liveLimits = [
    limit(app, { name: 'widget-live-ip', max: 120, windowMs: 60_000, by: 'ip', message: (seconds) => `Too many connections. Please wait ${seconds} seconds.` }),
  ];
  app.get(
    API_ROUTES.widgetLive.path,
    {
      preHandler: [admit, ...liveLimits],
      schema: {
        tags,
        summary: "The visitor's conversation as it happens once a person joins: their messages, the notices, typing (text/event-stream)",
        description: `Send the visitor's session in ${WIDGET_HEADERS.visitor}; a reconnect sends Last-Event-ID (or ?after=) and gets only what came later.`,
        ...routeSchema(API_ROUTES.widgetLive, errors),
      },
    },
    async (request, reply) => {
      const after = resumeAfter(request, request.query.after);
      const spark = admitted.get(request)!;
      await sendLiveStream(request, reply, (signal) => widget.liveStream(spark, header(request, WIDGET_HEADERS.visitor), after, signal));
      // Answering the reply tells Fastify the stream is the answer (it is still being written).
      return reply;
    },
  );
  app.post(
    API_ROUTES.widgetTyping.path,
    {
      preHandler: [admit, ...liveLimits],
      schema: { tags, summary: 'Show the person who took the conversation over that the visitor is typing', ...routeSchema(API_ROUTES.widgetTyping, errors) },
    },
    async (request) => {
      await widget.typing(admitted.get(request)!, header(request, WIDGET_HEADERS.visitor));
      return { data: { sent: true as const } };
    },
  );

  app.get(
    API_ROUTES.widgetConversation.path,
    {
      schema: {
        tags,
        summary: "The visitor's conversation so far (their session in the header)",
        ...routeSchema(API_ROUTES.widgetConversation, errors),
      },
    },
    async (request) => {
      const spark = await widget.access(request.params.token, header(request, 'origin'), header(request, WIDGET_HEADERS.ticket), publicUrlFor(request));
      return { data: await widget.history(spark, header(request, WIDGET_HEADERS.visitor)) };
    },
  );
};
