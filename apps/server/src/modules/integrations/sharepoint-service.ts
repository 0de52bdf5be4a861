import { randomPKCECodeVerifier, randomState } from 'openid-client';
import {
  ERROR_CODES,
  planAllowsIntegrations,
  type ConnectFailure,
  type SharepointDrive,
  type SharepointFolder,
  type SharepointSelectionBody,
  type SharepointSite,
  type SharepointStatus,
} from '@sparks/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/secrets.js';
import { LimitReached, isPlanRefusal, type PlanService } from '../billing/plan-service.js';
import type { Caller } from '../../auth/caller.js';
import type { ImportedDocumentsService } from '../documents/imported-documents-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { GraphClient } from './graph-client.js';
import { IntegrationsRepository, type IntegrationRow } from './integrations-repository.js';
import { librarySession } from './library-session.js';
import { ConsentRevokedError, MicrosoftOAuth } from './microsoft-oauth.js';
import { displayPath, type DriveItem } from './sharepoint-sync.js';
import { TokenVault } from './token-vault.js';

const ATTEMPT_TTL_MS = 10 * 60 * 1000;
const SERVICE = 'sharepoint';

export interface SharepointDeps {
  settings: Config['sharepoint'];
  publicUrl: string;
  appSecret: string;
  sparks: SparksService;
  plans: PlanService;
  imported: ImportedDocumentsService;
  /** Sends the connection's sync job; the row says `queued` already, so a lost job is found by the sweep. */
  onSyncQueued: (integrationId: string) => Promise<void>;
  log: FastifyBaseLogger;
}

/** The connect window came back without a connection; `sparkId` is known once the state was. */
export class ConnectError extends Error {
  constructor(
    readonly reason: ConnectFailure,
    readonly sparkId?: string,
  ) {
    super(reason);
  }
}

const notConfigured = () => new AppError(404, ERROR_CODES.PROVIDER_NOT_CONFIGURED, 'SharePoint is not set up on this server');
const notConnected = () => new AppError(409, ERROR_CODES.CONFLICT, 'Connect SharePoint to this Spark first');
const reconnect = () =>
  new AppError(409, ERROR_CODES.RECONNECT_REQUIRED, 'SharePoint no longer accepts this connection. Connect it again to keep your documents in sync.');
interface GraphSite {
  id: string;
  name?: string;
  displayName?: string;
  webUrl?: string;
}

/**
 * A Spark's SharePoint connection, for its owner: connecting (authorization code with PKCE, a
 * single-use state bound to the user and the Spark, tokens sealed at rest), browsing sites,
 * libraries and folders, choosing what to follow, syncing on demand and disconnecting.
 */
export class SharepointService {
  private readonly repository: IntegrationsRepository;
  private readonly vault: TokenVault;
  private readonly oauth: MicrosoftOAuth | undefined;

  constructor(
    private readonly db: Db,
    private readonly deps: SharepointDeps,
  ) {
    this.repository = new IntegrationsRepository(db);
    this.vault = new TokenVault(deps.appSecret);
    this.oauth = deps.settings ? new MicrosoftOAuth(deps.settings) : undefined;
  }

  get callbackUrl(): string {
    return `${this.deps.publicUrl}/api/v1/integrations/microsoft/callback`;
  }

  async authorize(caller: Caller, sparkId: string): Promise<string> {
    if (!this.oauth) throw notConfigured();
    await this.deps.sparks.get(caller.tenantId, sparkId);
    // Refused early so no one is sent to Microsoft for nothing; admitted again, under the tenant's lock, on return.
    await this.deps.plans.wouldAdmit(caller.tenantId, 'libraries', 1, sparkId);
    const state = randomState();
    const codeVerifier = randomPKCECodeVerifier();
    await this.repository.startAttempt({
      stateHash: sha256(state),
      tenantId: caller.tenantId,
      userId: caller.userId,
      sparkId,
      service: SERVICE,
      codeVerifier,
      ttlMs: ATTEMPT_TTL_MS,
    });
    return this.oauth.authorizationUrl(this.callbackUrl, state, codeVerifier);
  }

  /** Completes the connect window's return; the Spark to send the user back to comes from the spent state. */
  async complete(callbackUrl: URL): Promise<{ sparkId: string }> {
    if (!this.oauth) throw notConfigured();
    const state = callbackUrl.searchParams.get('state');
    const attempt = state ? await this.repository.finishAttempt(sha256(state)) : undefined;
    if (!attempt || !state) throw new ConnectError('invalid-state');
    const fail = (reason: ConnectFailure) => new ConnectError(reason, attempt.sparkId);
    if (callbackUrl.searchParams.get('error')) throw fail(callbackUrl.searchParams.get('error') === 'access_denied' ? 'denied' : 'provider-error');
    let tokens;
    try {
      tokens = await this.oauth.exchange(callbackUrl, state, attempt.codeVerifier);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'SharePoint connection: the code exchange failed');
      throw fail('provider-error');
    }
    const sealed = await this.vault.seal(tokens);
    const account = await this.accountName(tokens.accessToken);
    try {
      const resync = await this.db.transaction(async (tx) => {
        const repository = new IntegrationsRepository(tx);
        await this.deps.plans.admit(tx, attempt.tenantId, 'libraries', 1, attempt.sparkId);
        const existing = await repository.find(attempt.tenantId, attempt.sparkId, SERVICE);
        await repository.connect({ tenantId: attempt.tenantId, sparkId: attempt.sparkId, service: SERVICE, tokens: sealed, account });
        if (!existing?.drive) return undefined;
        await repository.requestSync(existing.id);
        return existing.id;
      });
      if (resync) await this.deps.onSyncQueued(resync);
    } catch (error) {
      if (error instanceof LimitReached) throw fail(error.limit === 0 ? 'plan' : 'limit-reached');
      if (isPlanRefusal(error)) throw fail('plan');
      if (error instanceof AppError && error.statusCode === 404) throw new ConnectError('invalid-state');
      throw error;
    }
    return { sparkId: attempt.sparkId };
  }

  async status(tenantId: string, sparkId: string): Promise<SharepointStatus> {
    await this.deps.sparks.get(tenantId, sparkId);
    const row = await this.repository.find(tenantId, sparkId, SERVICE);
    const { plan } = await this.deps.plans.planOf(tenantId);
    const reason = !this.oauth ? ('not-configured' as const) : !planAllowsIntegrations(plan.productName) && !row ? ('plan' as const) : null;
    const files = row ? await this.deps.imported.list(tenantId, row.id) : [];
    return {
      state: reason ? 'unavailable' : !row ? 'disconnected' : row.status,
      reason,
      account: row?.account ?? null,
      site: row?.site ?? null,
      drive: row?.drive ?? null,
      folders: row?.folders ?? [],
      sync: {
        running: row?.syncState === 'queued' || row?.syncState === 'running',
        lastSyncedAt: row?.lastSyncedAt?.toISOString() ?? null,
        lastError: row?.lastError ?? null,
        summary: row?.lastSync ?? null,
      },
      files: files.map((file) => ({ documentId: file.document._id, name: file.document.name, path: file.path, status: file.document.status })),
    };
  }

  async sites(tenantId: string, sparkId: string, query: string | undefined): Promise<SharepointSite[]> {
    return this.withGraph(tenantId, sparkId, async (graph) => {
      const page = await graph.get<{ value: GraphSite[] }>(`/sites?search=${encodeURIComponent(query?.trim() || '*')}`);
      return page.value.slice(0, 100).map((site) => ({ id: site.id, name: site.displayName ?? site.name ?? site.id, webUrl: site.webUrl ?? null }));
    });
  }

  async drives(tenantId: string, sparkId: string, siteId: string): Promise<SharepointDrive[]> {
    return this.withGraph(tenantId, sparkId, async (graph) => {
      const page = await graph.get<{ value: Array<{ id: string; name?: string; driveType?: string }> }>(`/sites/${encodeURIComponent(siteId)}/drives`);
      return page.value
        .filter((drive) => !drive.driveType || drive.driveType === 'documentLibrary')
        .map((drive) => ({ id: drive.id, name: drive.name ?? drive.id }));
    });
  }

  /** A folder of a library (its root when `parentId` is absent), its sub-folders and how many files it holds. */
  async folders(tenantId: string, sparkId: string, driveId: string, parentId: string | undefined) {
    return this.withGraph(tenantId, sparkId, async (graph) => {
      const drive = `/drives/${encodeURIComponent(driveId)}`;
      const item = await graph.get<DriveItem>(parentId ? `${drive}/items/${encodeURIComponent(parentId)}` : `${drive}/root`);
      if (!item.folder && !item.root) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'That item is not a folder');
      const folder = folderView(item);
      const folders: SharepointFolder[] = [];
      let files = 0;
      for await (const page of graph.pages<DriveItem>(`${drive}/items/${encodeURIComponent(item.id)}/children?$top=200`)) {
        for (const child of page.value) {
          if (child.folder) folders.push(folderView(child, folder.path));
          else if (child.file) files += 1;
        }
      }
      return { folder, folders: folders.sort((a, b) => a.name.localeCompare(b.name)), files };
    });
  }

  /** Follows the chosen folders; each is read from the library, so the names and paths stored are the library's. */
  async select(tenantId: string, sparkId: string, body: SharepointSelectionBody): Promise<SharepointStatus> {
    const row = await this.connected(tenantId, sparkId);
    const selection = await this.withGraph(tenantId, sparkId, async (graph) => {
      const site = await graph.get<GraphSite>(`/sites/${encodeURIComponent(body.siteId)}`);
      const drives = await graph.get<{ value: Array<{ id: string; name?: string }> }>(`/sites/${encodeURIComponent(body.siteId)}/drives`);
      const drive = drives.value.find((candidate) => candidate.id === body.driveId);
      if (!drive) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'That library is not in that site');
      const folders = [];
      for (const folderId of new Set(body.folderIds)) {
        const item = await graph.get<DriveItem>(`/drives/${encodeURIComponent(body.driveId)}/items/${encodeURIComponent(folderId)}`);
        if (!item.folder && !item.root) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, `${item.name ?? 'That item'} is not a folder`);
        folders.push({ id: item.id, path: folderView(item).path });
      }
      return { site: { id: site.id, name: site.displayName ?? site.name ?? site.id }, drive: { id: drive.id, name: drive.name ?? drive.id }, folders };
    });
    await this.repository.select(row.id, selection);
    await this.deps.onSyncQueued(row.id);
    return this.status(tenantId, sparkId);
  }

  async sync(tenantId: string, sparkId: string): Promise<SharepointStatus> {
    const row = await this.connected(tenantId, sparkId);
    if (!row.drive) throw new AppError(409, ERROR_CODES.CONFLICT, 'Choose the folders to follow first');
    await this.repository.requestSync(row.id);
    await this.deps.onSyncQueued(row.id);
    return this.status(tenantId, sparkId);
  }

  /** Removes the connection and its tokens; its documents go too when asked, else they stay as the Spark's own. */
  async disconnect(tenantId: string, sparkId: string, removeDocuments: boolean): Promise<void> {
    await this.deps.sparks.get(tenantId, sparkId);
    const row = await this.repository.delete(tenantId, sparkId, SERVICE);
    if (!row) throw notConnected();
    await this.deps.imported.release(tenantId, sparkId, row.id, removeDocuments);
  }

  private async connected(tenantId: string, sparkId: string): Promise<IntegrationRow> {
    await this.deps.sparks.get(tenantId, sparkId);
    const row = await this.repository.find(tenantId, sparkId, SERVICE);
    if (!row) throw notConnected();
    if (row.status === 'reconnect') throw reconnect();
    return row;
  }

  private async withGraph<T>(tenantId: string, sparkId: string, work: (graph: GraphClient) => Promise<T>): Promise<T> {
    if (!this.oauth || !this.deps.settings) throw notConfigured();
    const row = await this.connected(tenantId, sparkId);
    const graph = new GraphClient(this.deps.settings.graphBaseUrl, librarySession(row, { vault: this.vault, oauth: this.oauth, repository: this.repository }), {
      maxWaitMs: 10_000,
    });
    try {
      return await work(graph);
    } catch (error) {
      if (error instanceof ConsentRevokedError) {
        await this.repository.markReconnect(row.id, 'SharePoint refused the stored consent');
        throw reconnect();
      }
      throw graphFailure(error);
    }
  }

  private async accountName(accessToken: string): Promise<string | null> {
    if (!this.deps.settings) return null;
    const token = async () => accessToken;
    try {
      const me = await new GraphClient(this.deps.settings.graphBaseUrl, { token, renew: token }, { maxRetries: 1, maxWaitMs: 5_000 }).get<{
        userPrincipalName?: string;
        displayName?: string;
      }>('/me');
      return (me.userPrincipalName ?? me.displayName ?? '').slice(0, 200) || null;
    } catch (error) {
      this.deps.log.warn({ err: error }, 'SharePoint connection: the account name could not be read');
      return null;
    }
  }
}

function folderView(item: DriveItem, parentPath?: string): SharepointFolder {
  const path = item.root
    ? ''
    : parentPath !== undefined
      ? [parentPath, item.name].filter(Boolean).join('/')
      : [displayPath(item.parentReference?.path), item.name].filter(Boolean).join('/');
  return { id: item.id, name: item.root ? 'Documents' : (item.name ?? item.id), path, childCount: item.folder?.childCount ?? 0 };
}

/** Graph's refusals, told as ours: a 404 for what is not there, a 502 for a library that misbehaves. */
function graphFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const graph = error as { status?: number; code?: string; message?: string };
  if (graph.status === 404 || graph.status === 400) return new AppError(404, ERROR_CODES.NOT_FOUND, 'That SharePoint item was not found');
  if (graph.status === 403) return new AppError(403, ERROR_CODES.FORBIDDEN, 'Your SharePoint account may not read that item');
  if (graph.status === 429 || graph.status === 503)
    return new AppError(503, ERROR_CODES.SERVICE_UNAVAILABLE, 'SharePoint is busy right now. Try again in a minute.');
  if (typeof graph.status === 'number' || error instanceof TypeError)
    return new AppError(502, ERROR_CODES.SERVICE_UNAVAILABLE, 'SharePoint could not be reached or answered with an error. Try again later.');
  return error;
}
