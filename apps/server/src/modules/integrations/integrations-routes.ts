import { SHAREPOINT_CONNECTED_QUERY, API_ROUTES } from '@sparks/contract';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limit } from '../../lib/rate-limits.js';
import { ConnectError } from './sharepoint-service.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 402, 403, 404, 409, 429, 502, 503);
const secured = { tags: ['integrations'], security: [{ bearer: [] }] };

/** The document-library connection of a Spark (product.md §7 authorize call), and the window's return from Microsoft. */
export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sharepoint } = app.services;
  const { publicUrl } = app.config;
  const perIp = limit(app, {
    name: 'integration-callback',
    max: 30,
    windowMs: 15 * 60_000,
    by: 'ip',
    message: () => 'Too many connection attempts. Try again later.',
  });

  // Public: Microsoft sends the connect window here; the single-use state says whose Spark it is.
  app.get(
    '/integrations/microsoft/callback',
    { config: { access: 'visitor' }, preHandler: [perIp], schema: { tags: ['integrations'], hide: true } },
    async (request, reply) => {
      const callbackUrl = new URL(request.url, `${publicUrl}/`);
      try {
        const { sparkId } = await sharepoint.complete(callbackUrl);
        return reply.redirect(`${publicUrl}/spark/${sparkId}?q=${SHAREPOINT_CONNECTED_QUERY}`, 302);
      } catch (error) {
        if (!(error instanceof ConnectError)) throw error;
        const to = error.sparkId ? `/spark/${error.sparkId}` : '/';
        return reply.redirect(`${publicUrl}${to}?integrationError=${error.reason}`, 302);
      }
    },
  );

  const ownerRoutes: FastifyPluginAsyncZod = async (owner) => {
    owner.get(
      API_ROUTES.authorizeIntegration.path,
      {
        schema: {
          ...secured,
          summary: 'Where to send the connect window (Microsoft sign-in and consent)',
          ...routeSchema(API_ROUTES.authorizeIntegration, errors),
        },
      },
      async (request) => ({
        data: { authUrl: await sharepoint.authorize({ tenantId: request.caller.tenantId, userId: request.caller.userId }, request.params.sparkId) },
      }),
    );
    owner.get(
      API_ROUTES.sharepointStatus.path,
      {
        schema: {
          ...secured,
          summary: "The Spark's SharePoint connection: state, followed folders, last sync and imported files",
          ...routeSchema(API_ROUTES.sharepointStatus, errors),
        },
      },
      async (request) => ({ data: await sharepoint.status(request.caller.tenantId, request.params.sparkId) }),
    );
    owner.get(
      API_ROUTES.sharepointSites.path,
      {
        schema: {
          ...secured,
          summary: 'SharePoint sites the connected account can read (q filters)',
          ...routeSchema(API_ROUTES.sharepointSites, errors),
        },
      },
      async (request) => ({ data: await sharepoint.sites(request.caller.tenantId, request.params.sparkId, request.query.q) }),
    );
    owner.get(
      API_ROUTES.sharepointDrives.path,
      { schema: { ...secured, summary: "A site's document libraries", ...routeSchema(API_ROUTES.sharepointDrives, errors) } },
      async (request) => ({ data: await sharepoint.drives(request.caller.tenantId, request.params.sparkId, request.params.siteId) }),
    );
    owner.get(
      API_ROUTES.sharepointFolders.path,
      {
        schema: {
          ...secured,
          summary: "A library folder's sub-folders (the root's without parent)",
          ...routeSchema(API_ROUTES.sharepointFolders, errors),
        },
      },
      async (request) => ({ data: await sharepoint.folders(request.caller.tenantId, request.params.sparkId, request.params.driveId, request.query.parent) }),
    );
    owner.put(
      API_ROUTES.sharepointSelection.path,
      {
        schema: {
          ...secured,
          summary: 'Follow these folders (replaces the choice) and import their PDF and Word files',
          ...routeSchema(API_ROUTES.sharepointSelection, errors),
        },
      },
      async (request) => ({ data: await sharepoint.select(request.caller.tenantId, request.params.sparkId, request.body) }),
    );
    owner.post(
      API_ROUTES.sharepointSync.path,
      { schema: { ...secured, summary: 'Sync the followed folders now', ...routeSchema(API_ROUTES.sharepointSync, errors) } },
      async (request) => ({ data: await sharepoint.sync(request.caller.tenantId, request.params.sparkId) }),
    );
    owner.delete(
      API_ROUTES.disconnectSharepoint.path,
      {
        schema: {
          ...secured,
          summary: 'Disconnect: tokens removed; imported documents removed when removeDocuments=true',
          ...routeSchema(API_ROUTES.disconnectSharepoint, errors),
        },
      },
      async (request) => {
        await sharepoint.disconnect(request.caller.tenantId, request.params.sparkId, request.query.removeDocuments);
        return { data: { disconnected: true as const } };
      },
    );
  };
  await app.register(ownerRoutes);
};
