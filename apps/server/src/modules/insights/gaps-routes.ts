import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limit } from '../../lib/rate-limits.js';
import { routeSchema } from '../../lib/route-schema.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 404, 409, 429, 502, 504);
const secured = { tags: ['insights'], security: [{ bearer: [] }] };

/** The knowledge-gap inbox, owner answers, and the owner's thumbs on test-chat answers. */
export const gapsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { gaps, feedback } = app.services;
  // Checking a gap asks the Spark (and its model) again: a few a minute per owner.
  const checks = limit(app, {
    name: 'gap-checks',
    max: 20,
    windowMs: 60_000,
    by: (request) => request.auth?.userId,
    message: (seconds) => `Checks are limited; try again in ${seconds} s.`,
  });

  app.put(
    API_ROUTES.testFeedback.path,
    { schema: { ...secured, summary: 'Thumbs up or down on an answer of a test chat (null takes it back)', ...routeSchema(API_ROUTES.testFeedback, errors) } },
    async (request) => ({
      data: await feedback.vote({ kind: 'owner', tenantId: request.caller.tenantId, sparkId: request.params.sparkId }, request.body),
    }),
  );
  app.get(
    API_ROUTES.listGaps.path,
    {
      schema: {
        ...secured,
        summary: 'Questions the Spark could not answer or that visitors thumbed down, grouped',
        ...routeSchema(API_ROUTES.listGaps, errors),
      },
    },
    async (request) => ({ data: await gaps.list(request.caller.tenantId, request.params.sparkId, request.query.status) }),
  );
  app.post(
    API_ROUTES.answerGap.path,
    {
      schema: {
        ...secured,
        summary: "Answer a question: the answer joins the Spark's knowledge, and a saved test keeps it answered",
        ...routeSchema(API_ROUTES.answerGap, errors),
      },
    },
    async (request) => ({
      data: await gaps.answer(request.caller, request.params.sparkId, request.params.gapId, {
        answer: request.body.answer,
        saveTest: request.body.saveTest,
        mustMention: request.body.mustMention,
      }),
    }),
  );
  app.post(
    API_ROUTES.resolveGap.path,
    { schema: { ...secured, summary: 'Close a question: a document now covers it, or it is dismissed', ...routeSchema(API_ROUTES.resolveGap, errors) } },
    async (request) => ({ data: await gaps.resolve(request.caller.tenantId, request.params.sparkId, request.params.gapId, request.body.by) }),
  );
  app.post(
    API_ROUTES.checkGap.path,
    {
      preHandler: checks,
      schema: { ...secured, summary: 'Ask the Spark the question again, as it is now (not stored, not counted)', ...routeSchema(API_ROUTES.checkGap, errors) },
    },
    async (request) => ({ data: await gaps.check(request.caller, request.params.sparkId, request.params.gapId) }),
  );
  app.get(
    API_ROUTES.getOwnerAnswer.path,
    { schema: { ...secured, summary: 'An owner answer, to edit it', ...routeSchema(API_ROUTES.getOwnerAnswer, errors) } },
    async (request) => ({ data: await gaps.getAnswer(request.caller.tenantId, request.params.sparkId, request.params.documentId) }),
  );
  app.put(
    API_ROUTES.updateOwnerAnswer.path,
    {
      schema: { ...secured, summary: 'Edit an owner answer (its next version answers once indexed)', ...routeSchema(API_ROUTES.updateOwnerAnswer, errors) },
    },
    async (request) => ({ data: await gaps.updateAnswer(request.caller.tenantId, request.params.sparkId, request.params.documentId, request.body) }),
  );
};
