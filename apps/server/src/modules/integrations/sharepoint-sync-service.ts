import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { isPlanRefusal, type PlanService } from '../billing/plan-service.js';
import type { ImportedDocumentsService } from '../documents/imported-documents-service.js';
import { GraphClient } from './graph-client.js';
import { IntegrationsRepository } from './integrations-repository.js';
import { librarySession } from './library-session.js';
import { ConsentRevokedError, MicrosoftOAuth } from './microsoft-oauth.js';
import { syncLibrary } from './sharepoint-sync.js';
import { TokenVault } from './token-vault.js';

export interface SharepointSyncDeps {
  settings: NonNullable<Config['sharepoint']>;
  appSecret: string;
  plans: PlanService;
  imported: ImportedDocumentsService;
  log: FastifyBaseLogger;
}

/** Syncing a connection: read its chosen folders through Graph and import what changed, the outcome kept on its row. */
export class SharepointSyncService {
  private readonly repository: IntegrationsRepository;
  private readonly vault: TokenVault;
  private readonly oauth: MicrosoftOAuth;

  constructor(
    db: Db,
    private readonly deps: SharepointSyncDeps,
  ) {
    this.repository = new IntegrationsRepository(db);
    this.vault = new TokenVault(deps.appSecret);
    this.oauth = new MicrosoftOAuth(deps.settings);
  }

  /** The connections whose next sync is due (or that were left waiting). */
  due(): Promise<string[]> {
    return this.repository.dueSyncs(this.deps.settings.syncMinutes);
  }

  /** One sync of one connection. Failures end up on the row, for the panel; none is thrown back to be retried at once. */
  async sync(integrationId: string, { signal, attempt }: { signal: AbortSignal; attempt: number }): Promise<void> {
    const { repository, deps } = this;
    const row = await repository.beginSync(integrationId, attempt > 1);
    if (!row?.drive) return;
    try {
      const plan = await deps.plans.assertLibrariesIncluded(row.tenantId).catch(async (error: unknown) => {
        if (!isPlanRefusal(error)) throw error;
        await repository.finishSync(row.id, { error: 'Your plan no longer includes document-library connections.' });
        return null;
      });
      if (!plan) return;
      const graph = new GraphClient(deps.settings.graphBaseUrl, librarySession(row, { vault: this.vault, oauth: this.oauth, repository }), { signal });
      const target = {
        id: row.id,
        tenantId: row.tenantId,
        sparkId: row.sparkId,
        driveId: row.drive.id,
        folders: row.folders,
        folderTree: row.folderTree,
        deltaLink: row.deltaLink,
      };
      const result = await syncLibrary(target, { graph, documents: deps.imported, limits: plan.limits });
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
  }
}
