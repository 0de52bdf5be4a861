import type { FastifyInstance } from 'fastify';
import { queueIngestion } from '../documents/documents-service.js';
import { integrationsRoutes } from './integrations-routes.js';
import { SHAREPOINT_SYNC_JOB, sharepointSyncJob } from './sharepoint-sync-job.js';
import { SharepointService } from './sharepoint-service.js';

/** Document-library connections: the owner's routes under the API prefix, and the sync job when SharePoint is configured. */
export function integrationsModule(app: FastifyInstance) {
  const db = app.database.db;
  const documents = { storage: app.fileStorage, onQueued: queueIngestion(app.jobs, app.log) };
  const settings = app.config.sharepoint;
  const appSecret = app.config.jwtSecret!;
  const send = app.jobs.send.bind(app.jobs);
  if (settings) app.jobs.define(SHAREPOINT_SYNC_JOB, sharepointSyncJob(db, { settings, appSecret, documents, log: app.log, send }));
  const onSyncQueued = async (integrationId: string) => {
    // Without SharePoint settings there is no job, and no connection can exist to sync.
    if (settings)
      await send(SHAREPOINT_SYNC_JOB, { integrationId }, integrationId).catch((error: unknown) =>
        app.log.warn({ err: error, integrationId }, 'sync job not sent; the sweep will send it'),
      );
  };
  const sharepoint = new SharepointService(db, { settings, publicUrl: app.config.publicUrl, appSecret, documents, onSyncQueued, log: app.log });
  return integrationsRoutes(sharepoint, app.config.publicUrl);
}
