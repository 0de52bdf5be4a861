import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { limit } from '../../lib/rate-limits.js';
import { routeSchema } from '../../lib/route-schema.js';

const errors = errorResponses(400, 401, 402, 403, 404, 409, 429);
const secured = { tags: ['actions'], security: [{ bearer: [] }] };

/** A Spark's actions, the owner's side (docs/decisions/0042): define them, try them, read their runs. */
export const actionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { actions } = app.services;
  // Each try calls the owner's API: a few a minute are plenty.
  const tries = limit(app, {
    name: 'action-try',
    max: 20,
    windowMs: 60_000,
    by: (request) => request.caller.tenantId,
    message: (seconds) => `Too many tries in a short time. Try again in ${seconds} seconds.`,
  });
  app.get(
    API_ROUTES.listActions.path,
    { schema: { ...secured, summary: "The Spark's actions; a secret header's value is never sent back", ...routeSchema(API_ROUTES.listActions, errors) } },
    async (request) => ({ data: await actions.list(request.caller.tenantId, request.params.sparkId) }),
  );
  app.post(
    API_ROUTES.createAction.path,
    { schema: { ...secured, summary: 'Add an action: its inputs and the API it calls or the link it opens', ...routeSchema(API_ROUTES.createAction, errors) } },
    async (request, reply) => reply.status(201).send({ data: await actions.create(request.caller.tenantId, request.params.sparkId, request.body) }),
  );
  app.put(
    API_ROUTES.updateAction.path,
    {
      schema: {
        ...secured,
        summary: 'Save an action anew; a secret header without a value keeps the saved one',
        ...routeSchema(API_ROUTES.updateAction, errors),
      },
    },
    async (request) => ({ data: await actions.update(request.caller.tenantId, request.params.sparkId, request.params.actionId, request.body) }),
  );
  app.delete(
    API_ROUTES.deleteAction.path,
    { schema: { ...secured, summary: 'Remove an action; its runs stay in the log', ...routeSchema(API_ROUTES.deleteAction, errors) } },
    async (request) => {
      await actions.delete(request.caller.tenantId, request.params.sparkId, request.params.actionId);
      return { data: { deleted: true as const } };
    },
  );
  app.post(
    API_ROUTES.tryAction.path,
    {
      preHandler: [tries],
      schema: {
        ...secured,
        summary: 'Run the action with sample inputs: the request sent (secrets masked), the answer, the reply',
        ...routeSchema(API_ROUTES.tryAction, errors),
      },
    },
    async (request) => ({ data: await actions.tryIt(request.caller.tenantId, request.params.sparkId, request.params.actionId, request.body.inputs) }),
  );
  app.get(
    API_ROUTES.actionRuns.path,
    { schema: { ...secured, summary: "The latest runs of the Spark's actions, a sensitive input masked", ...routeSchema(API_ROUTES.actionRuns, errors) } },
    async (request) => ({ data: await actions.runs(request.caller.tenantId, request.params.sparkId) }),
  );
};
