import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { integrationsRoutes } from './integrations-routes.js';
import { SHAREPOINT_SYNC_JOB, sharepointSyncJob } from './sharepoint-sync-job.js';

/** Document-library connections: the owner's routes under the API prefix, and the sync job when SharePoint is configured. */
export const integrationsModule: FastifyPluginAsync = async (app) => {
  const syncs = app.services.sharepointSyncs;
  if (syncs) app.jobs.define(SHAREPOINT_SYNC_JOB, sharepointSyncJob({ syncs, send: app.jobs.send.bind(app.jobs) }));
  await app.register(integrationsRoutes, { prefix: API_BASE_PATH });
};
