import { API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limit } from '../../lib/rate-limits.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 402, 403, 404, 409, 429);
const secured = { tags: ['test cases'], security: [{ bearer: [] }] };

/** Test chats kept as cases, and runs of them (issue: re-runnable tests). */
export const testRunsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { testCases: cases, testRuns: runs } = app.services;
  // A run asks the model once per question of every case: owners may ask for one a few times a minute.
  const perUser = limit(app, {
    name: 'test-runs',
    max: 6,
    windowMs: 60_000,
    by: (request) => request.auth?.userId,
    message: (seconds) => `Runs are limited; try again in ${seconds} s.`,
  });

  app.get(
    API_ROUTES.caseProposal.path,
    {
      schema: {
        ...secured,
        summary: 'What to save from a test chat: its questions, last answer and proposed expectations',
        ...routeSchema(API_ROUTES.caseProposal, errors),
      },
    },
    async (request) => ({ data: await cases.propose(request.caller, request.params.sparkId, request.params.testId) }),
  );
  app.get(
    API_ROUTES.listTestCases.path,
    {
      schema: { ...secured, summary: "The Spark's test cases with their latest results", ...routeSchema(API_ROUTES.listTestCases, errors) },
    },
    async (request) => ({ data: await cases.list(request.caller.tenantId, request.params.sparkId) }),
  );
  app.post(
    API_ROUTES.createTestCase.path,
    {
      schema: {
        ...secured,
        summary: 'Save a test chat as a case (saving it again updates its case)',
        ...routeSchema(API_ROUTES.createTestCase, errors),
      },
    },
    async (request, reply) => reply.status(201).send({ data: await cases.create(request.caller, request.params.sparkId, request.body) }),
  );
  app.patch(
    API_ROUTES.updateTestCase.path,
    {
      schema: { ...secured, summary: 'Rename a case or change what its answers must do', ...routeSchema(API_ROUTES.updateTestCase, errors) },
    },
    async (request) => ({ data: await cases.update(request.caller.tenantId, request.params.sparkId, request.params.caseId, request.body) }),
  );
  app.delete(
    API_ROUTES.deleteTestCase.path,
    { schema: { ...secured, summary: 'Delete a saved test case', ...routeSchema(API_ROUTES.deleteTestCase, errors) } },
    async (request) => {
      await cases.delete(request.caller.tenantId, request.params.sparkId, request.params.caseId);
      return { data: { deleted: true as const } };
    },
  );
  app.get(
    API_ROUTES.listTestRuns.path,
    {
      schema: { ...secured, summary: 'Runs of the Spark’s cases, newest first (the latest 30)', ...routeSchema(API_ROUTES.listTestRuns, errors) },
    },
    async (request) => ({ data: await runs.list(request.caller.tenantId, request.params.sparkId) }),
  );
  app.post(
    API_ROUTES.requestTestRun.path,
    {
      preHandler: [perUser],
      schema: { ...secured, summary: 'Run all the cases now (or answer the run already waiting)', ...routeSchema(API_ROUTES.requestTestRun, errors) },
    },
    async (request, reply) => reply.status(202).send({ data: await runs.request(request.caller.tenantId, request.params.sparkId) }),
  );
};
