import { planAllowsIntegrations } from '@sparks/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import type { JobStep } from '../../jobs/job-runner.js';
import { PlanService } from '../billing/plan-service.js';
import type { DocumentsServiceDeps } from '../documents/documents-service.js';
import { ImportedDocumentsService } from '../documents/imported-documents-service.js';
import { GraphClient } from './graph-client.js';
import { IntegrationsRepository } from './integrations-repository.js';
import { librarySession } from './library-session.js';
import { ConsentRevokedError, MicrosoftOAuth } from './microsoft-oauth.js';
import { syncLibrary } from './sharepoint-sync.js';
import { TokenVault } from './token-vault.js';

export const SHAREPOINT_SYNC_JOB = 'sharepoint-sync';
/** How long a claim lasts without renewal: a worker that died is replaced after this. */
export const SYNC_LOCK_MS = 60_000;

/** One step of the sync job: claim a connection that is due, sync it, record the outcome. */
export function sharepointSyncStep(
  db: Db,
  deps: { settings: NonNullable<Config['sharepoint']>; appSecret: string; documents: DocumentsServiceDeps; log: FastifyBaseLogger },
  lockMs = SYNC_LOCK_MS,
): JobStep {
  const repository = new IntegrationsRepository(db);
  const plans = new PlanService(db);
  const documents = new ImportedDocumentsService(db, deps.documents);
  const vault = new TokenVault(deps.appSecret);
  const oauth = new MicrosoftOAuth(deps.settings);
  return async (signal) => {
    const row = await repository.claimSync(lockMs, deps.settings.syncMinutes);
    if (!row?.drive) return row !== undefined;
    const heartbeat = setInterval(() => void repository.renewLock(row.id, lockMs).catch(() => undefined), lockMs / 3);
    try {
      const { plan, trialOver } = await plans.planOf(row.tenantId);
      if (trialOver || !planAllowsIntegrations(plan.productName)) {
        await repository.finishSync(row.id, { error: 'Your plan no longer includes document-library connections.' });
        return true;
      }
      const graph = new GraphClient(deps.settings.graphBaseUrl, librarySession(row, { vault, oauth, repository }), { signal });
      const target = { id: row.id, tenantId: row.tenantId, sparkId: row.sparkId, driveId: row.drive.id, folders: row.folders, folderTree: row.folderTree, deltaLink: row.deltaLink };
      const result = await syncLibrary(target, { graph, documents, limits: plan.limits });
      await repository.finishSync(row.id, result);
    } catch (error) {
      if (error instanceof ConsentRevokedError) {
        deps.log.info({ integrationId: row.id }, 'SharePoint refused the stored consent; the owner is asked to reconnect');
        await repository.markReconnect(row.id, 'SharePoint refused the stored consent. Connect it again.');
      } else if (signal.aborted) {
        await repository.requeue(row.id);
      } else {
        deps.log.warn({ err: error, integrationId: row.id }, 'SharePoint sync failed');
        await repository.finishSync(row.id, { error: 'The last sync did not finish; it will be tried again.' });
      }
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  };
}
