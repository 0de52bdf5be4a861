import {
  caseProposalResponseSchema,
  createTestCaseBodySchema,
  dataEnvelope,
  errorBodySchema,
  testCaseListResponseSchema,
  testCaseResponseSchema,
  testRunListResponseSchema,
  testRunResponseSchema,
  updateTestCaseBodySchema,
} from '@sparks/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limit } from '../../lib/rate-limits.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const secured = { tags: ['test cases'], security: [{ bearer: [] }] };
const sparkParams = z.object({ sparkId: z.uuid({ error: 'must be a Spark id' }) });
const testParams = sparkParams.extend({ testId: z.uuid({ error: 'must be a test id' }) });
const caseParams = sparkParams.extend({ caseId: z.uuid({ error: 'must be a test case id' }) });
const callerOf = (request: FastifyRequest) => ({ tenantId: request.auth!.tenantId, userId: request.auth!.userId });

/** Test chats kept as cases, and runs of them (issue: re-runnable tests). */
export const testRunsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { testCases: cases, testRuns: runs } = app.services;
  app.addHook('onRequest', app.authenticate);
  // A run asks the model once per question of every case: owners may ask for one a few times a minute.
  const perUser = limit(app, {
    name: 'test-runs',
    max: 6,
    windowMs: 60_000,
    by: (request) => request.auth?.userId,
    message: (seconds) => `Runs are limited; try again in ${seconds} s.`,
  });

  app.get(
    '/sparks/:sparkId/tests/:testId/case-proposal',
    {
      schema: {
        ...secured,
        summary: 'What to save from a test chat: its questions, last answer and proposed expectations',
        params: testParams,
        response: { 200: caseProposalResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await cases.propose(callerOf(request), request.params.sparkId, request.params.testId) }),
  );
  app.get(
    '/sparks/:sparkId/test-cases',
    {
      schema: {
        ...secured,
        summary: "The Spark's test cases with their latest results",
        params: sparkParams,
        response: { 200: testCaseListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await cases.list(request.auth!.tenantId, request.params.sparkId) }),
  );
  app.post(
    '/sparks/:sparkId/test-cases',
    {
      schema: {
        ...secured,
        summary: 'Save a test chat as a case (saving it again updates its case)',
        params: sparkParams,
        body: createTestCaseBodySchema,
        response: { 201: testCaseResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await cases.create(callerOf(request), request.params.sparkId, request.body) }),
  );
  app.patch(
    '/sparks/:sparkId/test-cases/:caseId',
    {
      schema: {
        ...secured,
        summary: 'Rename a case or change what its answers must do',
        params: caseParams,
        body: updateTestCaseBodySchema,
        response: { 200: testCaseResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await cases.update(request.auth!.tenantId, request.params.sparkId, request.params.caseId, request.body) }),
  );
  app.delete(
    '/sparks/:sparkId/test-cases/:caseId',
    { schema: { ...secured, params: caseParams, response: { 200: dataEnvelope(z.object({ deleted: z.literal(true) })), ...errors } } },
    async (request) => {
      await cases.delete(request.auth!.tenantId, request.params.sparkId, request.params.caseId);
      return { data: { deleted: true as const } };
    },
  );
  app.get(
    '/sparks/:sparkId/test-runs',
    {
      schema: {
        ...secured,
        summary: 'Runs of the Spark’s cases, newest first (the latest 30)',
        params: sparkParams,
        response: { 200: testRunListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await runs.list(request.auth!.tenantId, request.params.sparkId) }),
  );
  app.post(
    '/sparks/:sparkId/test-runs',
    {
      preHandler: [perUser],
      schema: {
        ...secured,
        summary: 'Run all the cases now (or answer the run already waiting)',
        params: sparkParams,
        response: { 202: testRunResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send({ data: await runs.request(request.auth!.tenantId, request.params.sparkId) }),
  );
};
