import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { limit } from '../../lib/rate-limits.js';
import { routeSchema } from '../../lib/route-schema.js';

const errors = errorResponses(400, 401, 402, 403, 404, 409, 429);
const secured = { tags: ['websites'], security: [{ bearer: [] }] };

/** A Spark's websites (docs/decisions/0028): add one and watch its pages being found, stop it, remove it. */
export const websitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { websites } = app.services;
  // A crawl costs the site and the worker far more than the request: a few an hour per account.
  const crawls = limit(app, {
    name: 'website-add',
    max: 20,
    windowMs: 60 * 60_000,
    by: (request) => request.caller.tenantId,
    message: () => 'Too many websites added in a short time. Try again later.',
  });
  app.get(
    API_ROUTES.listWebsites.path,
    { schema: { ...secured, summary: "The Spark's websites and what their crawls found", ...routeSchema(API_ROUTES.listWebsites, errors) } },
    async (request) => ({
      data: await websites.list(request.caller.tenantId, request.params.sparkId),
    }),
  );
  app.post(
    API_ROUTES.addWebsite.path,
    {
      preHandler: [crawls],
      schema: { ...secured, summary: 'Add a website: its pages are found by a job (202)', ...routeSchema(API_ROUTES.addWebsite, errors) },
    },
    async (request, reply) => reply.code(202).send({ data: await websites.add(request.caller.tenantId, request.params.sparkId, request.body) }),
  );
  app.get(
    API_ROUTES.getWebsite.path,
    { schema: { ...secured, summary: "One website: its crawl's progress, pages found and left", ...routeSchema(API_ROUTES.getWebsite, errors) } },
    async (request) => ({
      data: await websites.get(request.caller.tenantId, request.params.sparkId, request.params.websiteId),
    }),
  );
  app.post(
    API_ROUTES.cancelWebsite.path,
    { schema: { ...secured, summary: 'Stop a crawl that is still finding pages', ...routeSchema(API_ROUTES.cancelWebsite, errors) } },
    async (request) => ({
      data: await websites.cancel(request.caller.tenantId, request.params.sparkId, request.params.websiteId),
    }),
  );
  app.post(
    API_ROUTES.importWebsite.path,
    {
      preHandler: [crawls],
      schema: { ...secured, summary: 'Read the pages found (but those left out) into documents (202)', ...routeSchema(API_ROUTES.importWebsite, errors) },
    },
    async (request, reply) =>
      reply.code(202).send({ data: await websites.startImport(request.caller.tenantId, request.params.sparkId, request.params.websiteId, request.body) }),
  );
  app.post(
    API_ROUTES.syncWebsite.path,
    {
      preHandler: [crawls],
      schema: { ...secured, summary: 'Crawl the site again and read what changed (202)', ...routeSchema(API_ROUTES.syncWebsite, errors) },
    },
    async (request, reply) => reply.code(202).send({ data: await websites.sync(request.caller.tenantId, request.params.sparkId, request.params.websiteId) }),
  );
  app.patch(
    API_ROUTES.updateWebsite.path,
    { schema: { ...secured, summary: "Change a website's schedule or patterns", ...routeSchema(API_ROUTES.updateWebsite, errors) } },
    async (request) => ({ data: await websites.update(request.caller.tenantId, request.params.sparkId, request.params.websiteId, request.body) }),
  );
  app.delete(
    API_ROUTES.deleteWebsite.path,
    { schema: { ...secured, summary: 'Remove a website', ...routeSchema(API_ROUTES.deleteWebsite, errors) } },
    async (request) => {
      await websites.remove(request.caller.tenantId, request.params.sparkId, request.params.websiteId);
      return { data: { deleted: true as const } };
    },
  );
};
