import { API_ROUTES } from '@sparks/contract';
import { publicUrlFor } from '../../lib/public-url-for.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 403, 404);
const secured = { tags: ['deploy'], security: [{ bearer: [] }] };

/** The owner's side of a deployment: where the widget may run, its token, and what visitors asked. */
export const deployRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deployments } = app.services;

  app.get(
    API_ROUTES.deployment.path,
    {
      schema: { ...secured, summary: "The Spark's deploy token, allowed websites and script tag", ...routeSchema(API_ROUTES.deployment, errors) },
    },
    async (request) => ({ data: await deployments.deployment(request.caller.tenantId, request.params.sparkId, publicUrlFor(request)) }),
  );
  app.patch(
    API_ROUTES.configureDeployment.path,
    {
      schema: {
        ...secured,
        summary: "Set the widget's websites (the whole list), daily caps, visitor retention, suggested questions or privacy policy link",
        ...routeSchema(API_ROUTES.configureDeployment, errors),
      },
    },
    async (request) => ({ data: await deployments.configure(request.caller.tenantId, request.params.sparkId, request.body, publicUrlFor(request)) }),
  );
  app.post(
    API_ROUTES.rotateDeployToken.path,
    {
      schema: {
        ...secured,
        summary: 'Replace the deploy token; the old one stops working everywhere',
        ...routeSchema(API_ROUTES.rotateDeployToken, errors),
      },
    },
    async (request) => ({ data: await deployments.rotate(request.caller.tenantId, request.params.sparkId, publicUrlFor(request)) }),
  );
  app.get(
    API_ROUTES.visitorConversations.path,
    {
      schema: {
        ...secured,
        summary: "Website visitors' conversations with the Spark, newest first (q searches their messages; before pages)",
        ...routeSchema(API_ROUTES.visitorConversations, errors),
      },
    },
    async (request) => ({ data: await deployments.visitorConversations(request.caller.tenantId, request.params.sparkId, request.query) }),
  );
};
