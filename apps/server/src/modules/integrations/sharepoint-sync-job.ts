import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import type { JobDefinition, JobQueue } from '../../jobs/job-queue.js';
import { isPlanRefusal, type PlanService } from '../billing/plan-service.js';
import type { ImportedDocumentsService } from '../documents/imported-documents-service.js';
import { GraphClient } from './graph-client.js';
import { IntegrationsRepository } from './integrations-repository.js';
import { librarySession } from './library-session.js';
import { ConsentRevokedError, MicrosoftOAuth } from './microsoft-oauth.js';
import { syncLibrary } from './sharepoint-sync.js';
import { TokenVault } from './token-vault.js';

export const SHAREPOINT_SYNC_JOB = 'sharepoint-sync';
/** A sync still running after this long is taken as its worker having died (large libraries take a while). */
const SYNC_TIMEOUT_SECONDS = 30 * 60;
/** How often a worker looks for connections due again. */
const SWEEP_SECONDS = 60;

export interface SharepointSyncDeps {
  settings: NonNullable<Config['sharepoint']>;
  appSecret: string;
  plans: PlanService;
  imported: ImportedDocumentsService;
  log: FastifyBaseLogger;
  send: JobQueue['send'];
}

/** The sync job: read one connection's chosen folders through Graph and import what changed. */
export function sharepointSyncJob(db: Db, deps: SharepointSyncDeps): JobDefinition<{ integrationId: string }> {
  const repository = new IntegrationsRepository(db);
  const { plans, imported: documents } = deps;
  const vault = new TokenVault(deps.appSecret);
  const oauth = new MicrosoftOAuth(deps.settings);
  return {
    expireInSeconds: SYNC_TIMEOUT_SECONDS,
    retryLimit: 2,
    sweep: {
      everySeconds: SWEEP_SECONDS,
      async run() {
        for (const id of await repository.dueSyncs(deps.settings.syncMinutes)) await deps.send(SHAREPOINT_SYNC_JOB, { integrationId: id }, id);
      },
    },
    async handle({ integrationId }, { signal, attempt }) {
      const row = await repository.beginSync(integrationId, attempt > 1);
      if (!row?.drive) return;
      try {
        const plan = await plans.assertLibrariesIncluded(row.tenantId).catch(async (error: unknown) => {
          if (!isPlanRefusal(error)) throw error;
          await repository.finishSync(row.id, { error: 'Your plan no longer includes document-library connections.' });
          return null;
        });
        if (!plan) return;
        const graph = new GraphClient(deps.settings.graphBaseUrl, librarySession(row, { vault, oauth, repository }), { signal });
        const target = {
          id: row.id,
          tenantId: row.tenantId,
          sparkId: row.sparkId,
          driveId: row.drive.id,
          folders: row.folders,
          folderTree: row.folderTree,
          deltaLink: row.deltaLink,
        };
        const result = await syncLibrary(target, { graph, documents, limits: plan.limits });
        await repository.finishSync(row.id, result);
      } catch (error) {
        if (error instanceof ConsentRevokedError) {
          deps.log.info({ integrationId: row.id }, 'SharePoint refused the stored consent; the owner is asked to reconnect');
          await repository.markReconnect(row.id, 'SharePoint refused the stored consent. Connect it again.');
        } else if (signal.aborted) {
          await repository.requeue(row.id);
        } else {
          // Not retried at once: the next due sweep tries again, and the panel says the last one failed.
          deps.log.warn({ err: error, integrationId: row.id }, 'SharePoint sync failed');
          await repository.finishSync(row.id, { error: 'The last sync did not finish; it will be tried again.' });
        }
      }
    },
  };
}
