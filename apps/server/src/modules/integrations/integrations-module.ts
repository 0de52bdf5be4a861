import type { FastifyInstance } from 'fastify';
import { INGESTION_JOB } from '../documents/documents-service.js';
import { integrationsRoutes } from './integrations-routes.js';
import { SHAREPOINT_SYNC_JOB, sharepointSyncStep } from './sharepoint-sync-job.js';
import { SharepointService } from './sharepoint-service.js';

/** Document-library connections: the owner's routes under the API prefix, and the sync job when SharePoint is configured. */
export function integrationsModule(app: FastifyInstance) {
  const db = app.database.db;
  const documents = { storage: app.fileStorage, onQueued: () => app.jobs.wake(INGESTION_JOB) };
  const settings = app.config.sharepoint;
  const appSecret = app.config.jwtSecret!;
  if (settings) app.jobs.register(SHAREPOINT_SYNC_JOB, sharepointSyncStep(db, { settings, appSecret, documents, log: app.log }));
  const sharepoint = new SharepointService(db, { settings, publicUrl: app.config.publicUrl, appSecret, documents, onSyncQueued: () => app.jobs.wake(SHAREPOINT_SYNC_JOB), log: app.log });
  return integrationsRoutes(sharepoint, app.config.publicUrl);
}
