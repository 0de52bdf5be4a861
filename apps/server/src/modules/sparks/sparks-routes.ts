import { API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sparkFilesPrefix } from '../../storage/file-storage.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const secured = { tags: ['sparks'], security: [{ bearer: [] }] };

export const sparksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sparks } = app.services;

  app.post(
    API_ROUTES.createSpark.path,
    { schema: { ...secured, summary: 'Create a Spark within the plan', ...routeSchema(API_ROUTES.createSpark, errors) } },
    async (request, reply) => reply.status(201).send({ data: await sparks.create(request.caller.tenantId) }),
  );

  app.get(
    API_ROUTES.listSparks.path,
    { schema: { ...secured, summary: 'Sparks, newest first', ...routeSchema(API_ROUTES.listSparks, errors) } },
    async (request) => ({
      data: await sparks.list(request.caller.tenantId),
    }),
  );

  app.patch(
    API_ROUTES.updateSpark.path,
    { schema: { ...secured, summary: 'Rename, pin or configure a Spark', ...routeSchema(API_ROUTES.updateSpark, errors) } },
    async (request) => ({
      data: await sparks.update(request.caller.tenantId, request.params.sparkId, request.body),
    }),
  );

  app.delete(
    API_ROUTES.deleteSpark.path,
    { schema: { ...secured, summary: 'Delete a Spark and everything it holds', ...routeSchema(API_ROUTES.deleteSpark, errors) } },
    async (request) => {
      await sparks.delete(request.caller.tenantId, request.params.sparkId);
      // The rows went in one transaction; the Spark's files follow (documents of product.md §3).
      await app.fileStorage.removePrefix(sparkFilesPrefix(request.caller.tenantId, request.params.sparkId));
      return { data: { deleted: true as const } };
    },
  );

  app.post(
    API_ROUTES.createTest.path,
    { schema: { ...secured, summary: 'Add a test chat to a Spark (at most five)', ...routeSchema(API_ROUTES.createTest, errors) } },
    async (request, reply) =>
      reply.status(201).send({ data: await sparks.createTest(request.caller.tenantId, request.params.sparkId, request.body.name, request.body.params) }),
  );

  app.get(
    API_ROUTES.listTests.path,
    { schema: { ...secured, summary: "A Spark's test chats", ...routeSchema(API_ROUTES.listTests, errors) } },
    async (request) => ({
      data: await sparks.listTests(request.caller.tenantId, request.params.sparkId),
    }),
  );

  app.get(API_ROUTES.getTest.path, { schema: { ...secured, summary: 'One test chat', ...routeSchema(API_ROUTES.getTest, errors) } }, async (request) => ({
    data: await sparks.getTest(request.caller.tenantId, request.params.sparkId, request.params.testId),
  }));

  app.patch(
    API_ROUTES.renameTest.path,
    { schema: { ...secured, summary: 'Rename a test chat', ...routeSchema(API_ROUTES.renameTest, errors) } },
    async (request) => ({
      data: await sparks.renameTest(request.caller.tenantId, request.params.sparkId, request.params.testId, request.body.name),
    }),
  );

  app.delete(
    API_ROUTES.deleteTest.path,
    { schema: { ...secured, summary: 'Delete a test chat', ...routeSchema(API_ROUTES.deleteTest, errors) } },
    async (request) => {
      await sparks.deleteTest(request.caller.tenantId, request.params.sparkId, request.params.testId);
      return { data: { deleted: true as const } };
    },
  );

  app.post(
    API_ROUTES.reportTestError.path,
    {
      schema: { ...secured, summary: 'Report what was wrong in a test chat', ...routeSchema(API_ROUTES.reportTestError, errors) },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await sparks.reportTestError(request.caller.tenantId, request.params.sparkId, request.params.testId, request.body.error) }),
  );
};
