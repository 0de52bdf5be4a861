import {
  createTestBodySchema,
  dataEnvelope,
  errorBodySchema,
  renameTestBodySchema,
  sparkListResponseSchema,
  sparkPatchSchema,
  sparkResponseSchema,
  sparkTestListResponseSchema,
  sparkTestResponseSchema,
  testErrorBodySchema,
} from '@sparks/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sparkFilesPrefix } from '../../storage/file-storage.js';

const sparkParams = z.object({ sparkId: z.uuid({ error: 'must be a Spark id' }) });
const testParams = sparkParams.extend({ testId: z.uuid({ error: 'must be a test id' }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const deleted = dataEnvelope(z.object({ deleted: z.literal(true) }));
const secured = { tags: ['sparks'], security: [{ bearer: [] }] };

/** The caller's tenant, set by the authenticate hook every route here runs. */
const tenantOf = (request: FastifyRequest): string => request.auth!.tenantId;

export const sparksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sparks } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post('/sparks', { schema: { ...secured, response: { 201: sparkResponseSchema, ...errors } } }, async (request, reply) =>
    reply.status(201).send({ data: await sparks.create(tenantOf(request)) }),
  );

  app.get('/sparks', { schema: { ...secured, summary: 'Sparks, newest first', response: { 200: sparkListResponseSchema, ...errors } } }, async (request) => ({
    data: await sparks.list(tenantOf(request)),
  }));

  app.patch(
    '/sparks/:sparkId',
    { schema: { ...secured, params: sparkParams, body: sparkPatchSchema, response: { 200: sparkResponseSchema, ...errors } } },
    async (request) => ({ data: await sparks.update(tenantOf(request), request.params.sparkId, request.body) }),
  );

  app.delete('/sparks/:sparkId', { schema: { ...secured, params: sparkParams, response: { 200: deleted, ...errors } } }, async (request) => {
    await sparks.delete(tenantOf(request), request.params.sparkId);
    // The rows went in one transaction; the Spark's files follow (documents of product.md §3).
    await app.fileStorage.removePrefix(sparkFilesPrefix(tenantOf(request), request.params.sparkId));
    return { data: { deleted: true as const } };
  });

  app.post(
    '/sparks/:sparkId/tests',
    { schema: { ...secured, params: sparkParams, body: createTestBodySchema, response: { 201: sparkTestResponseSchema, ...errors } } },
    async (request, reply) =>
      reply.status(201).send({ data: await sparks.createTest(tenantOf(request), request.params.sparkId, request.body.name, request.body.params) }),
  );

  app.get(
    '/sparks/:sparkId/tests',
    { schema: { ...secured, params: sparkParams, response: { 200: sparkTestListResponseSchema, ...errors } } },
    async (request) => ({
      data: await sparks.listTests(tenantOf(request), request.params.sparkId),
    }),
  );

  app.get(
    '/sparks/:sparkId/tests/:testId',
    { schema: { ...secured, params: testParams, response: { 200: sparkTestResponseSchema, ...errors } } },
    async (request) => ({
      data: await sparks.getTest(tenantOf(request), request.params.sparkId, request.params.testId),
    }),
  );

  app.patch(
    '/sparks/:sparkId/tests/:testId',
    { schema: { ...secured, params: testParams, body: renameTestBodySchema, response: { 200: sparkTestResponseSchema, ...errors } } },
    async (request) => ({ data: await sparks.renameTest(tenantOf(request), request.params.sparkId, request.params.testId, request.body.name) }),
  );

  app.delete('/sparks/:sparkId/tests/:testId', { schema: { ...secured, params: testParams, response: { 200: deleted, ...errors } } }, async (request) => {
    await sparks.deleteTest(tenantOf(request), request.params.sparkId, request.params.testId);
    return { data: { deleted: true as const } };
  });

  app.post(
    '/sparks/:sparkId/tests/:testId/error',
    {
      schema: {
        ...secured,
        summary: 'Report what was wrong in a test chat',
        params: testParams,
        body: testErrorBodySchema,
        response: { 201: dataEnvelope(z.object({ id: z.string(), createdAt: z.string() })), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await sparks.reportTestError(tenantOf(request), request.params.sparkId, request.params.testId, request.body.error) }),
  );
};
