import { ERROR_CODES, LIMITS, UPLOAD_EXTENSIONS, type PlanLimits, type SyncSummary } from '@sparks/contract';
import type { FolderTree } from '../../db/integrations-schema.js';
import { AppError } from '../../lib/app-error.js';
import { LimitReached } from '../billing/plan-service.js';
import type { ImportedDocument, ImportedDocumentsService } from '../documents/imported-documents-service.js';
import { GraphError, type GraphClient } from './graph-client.js';

/** A driveItem as delta and children queries return it (only the fields used here). */
export interface DriveItem {
  id: string;
  name?: string;
  size?: number;
  cTag?: string;
  eTag?: string;
  file?: { mimeType?: string };
  folder?: { childCount?: number };
  root?: unknown;
  deleted?: unknown;
  parentReference?: { driveId?: string; id?: string; path?: string };
}

export interface SyncTarget {
  id: string;
  tenantId: string;
  sparkId: string;
  driveId: string;
  /** The followed folders, with the path the owner saw when choosing them. */
  folders: Array<{ id: string; path: string }>;
  folderTree: FolderTree;
  deltaLink: string | null;
}

/** The files of a library worth fetching: those an upload could be (what they are is still decided by their bytes). */
const SUPPORTED_NAME = new RegExp(`(?:${UPLOAD_EXTENSIONS.map((extension) => extension.replace('.', '\\.')).join('|')})$`, 'i');

/** "/drives/{id}/root:/Policies/2026" → "Policies/2026", as the owner sees the folder. */
export function displayPath(graphPath: string | undefined): string {
  const after = graphPath?.split('root:')[1] ?? '';
  try {
    return decodeURIComponent(after).replace(/^\/+/, '');
  } catch {
    return after.replace(/^\/+/, '');
  }
}

/** The followed folders and every folder below them, each with its path for display. */
export function followedFolders(folders: SyncTarget['folders'], tree: FolderTree): Map<string, string> {
  const children = new Map<string, string[]>();
  for (const [id, node] of Object.entries(tree)) if (node.parentId) children.set(node.parentId, [...(children.get(node.parentId) ?? []), id]);
  const scope = new Map(folders.map((folder) => [folder.id, folder.path]));
  const queue = [...scope.keys()];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const child of children.get(id) ?? []) {
      if (scope.has(child)) continue;
      const parentPath = scope.get(id) ?? '';
      scope.set(child, parentPath ? `${parentPath}/${tree[child]!.name}` : tree[child]!.name);
      queue.push(child);
    }
  }
  return scope;
}

/** Graph's "start over" answers: an expired or unknown delta token. */
const needsResync = (error: unknown) => error instanceof GraphError && (error.status === 410 || error.code === 'resyncRequired');

/**
 * Applies folder changes to the tree; answers true when a known folder moved, since delta then
 * reports none of the files that moved with it and only a full listing tells where they went.
 */
function applyFolders(tree: FolderTree, changes: Map<string, DriveItem>): boolean {
  let moved = false;
  for (const item of changes.values()) {
    if (item.deleted) {
      delete tree[item.id];
      continue;
    }
    if (!item.folder && !item.root) continue;
    const parentId = item.root ? null : (item.parentReference?.id ?? null);
    const before = tree[item.id];
    if (before && before.parentId !== parentId) moved = true;
    tree[item.id] = { parentId, name: item.name ?? '' };
  }
  return moved;
}

/**
 * One sync of a connection: read the library's changes (a full listing the first time, the delta
 * since the last sync after that), then bring the Spark's imported documents in line: new and
 * changed files in the followed folders imported, deleted or moved-away ones removed. The delta
 * link and tree are returned only when every change was applied, so a failed sync is done again.
 */
export async function syncLibrary(
  target: SyncTarget,
  deps: { graph: GraphClient; documents: ImportedDocumentsService; limits: PlanLimits },
): Promise<{ deltaLink: string | null; folderTree: FolderTree; summary: SyncSummary }> {
  const { graph, documents } = deps;
  const fullListing = `/drives/${encodeURIComponent(target.driveId)}/root/delta`;
  let fromScratch = !target.deltaLink;
  let tree: FolderTree = fromScratch ? {} : { ...target.folderTree };
  let read: { changes: Map<string, DriveItem>; deltaLink: string | null };
  try {
    read = await readChanges(graph, target.deltaLink ?? fullListing);
  } catch (error) {
    if (fromScratch || !needsResync(error)) throw error;
    fromScratch = true;
    tree = {};
    read = await readChanges(graph, fullListing);
  }
  if (applyFolders(tree, read.changes) && !fromScratch) {
    fromScratch = true;
    tree = {};
    read = await readChanges(graph, fullListing);
    applyFolders(tree, read.changes);
  }
  const { changes, deltaLink } = read;
  const scope = followedFolders(target.folders, tree);

  const known = new Map((await documents.list(target.tenantId, target.id)).map((imported) => [imported.externalId, imported]));
  const summary: SyncSummary = { at: new Date().toISOString(), imported: 0, updated: 0, removed: 0, skipped: [] };
  const maxBytes = Math.min(deps.limits.documentMaxMegabytes * 1024 * 1024, LIMITS.uploadMaxBytes);
  const remove = async (imported: ImportedDocument) => {
    await documents.removeFile(target.tenantId, target.sparkId, imported);
    summary.removed += 1;
  };

  for (const item of changes.values()) {
    const existing = known.get(item.id);
    const parentId = item.parentReference?.id;
    const wanted = !item.deleted && item.file && item.name && SUPPORTED_NAME.test(item.name) && parentId !== undefined && scope.has(parentId);
    if (!wanted) {
      if (existing) await remove(existing);
      continue;
    }
    const tag = item.cTag ?? item.eTag ?? '';
    if (existing && existing.externalTag === tag) continue;
    const name = item.name!;
    if ((item.size ?? 0) > maxBytes) {
      summary.skipped.push({ name, reason: 'too-large' });
      continue;
    }
    try {
      const bytes = await graph.download(`/drives/${encodeURIComponent(target.driveId)}/items/${encodeURIComponent(item.id)}/content`);
      const source = { integrationId: target.id, externalId: item.id, externalTag: tag, path: scope.get(parentId!) ?? '' };
      await documents.import(target.tenantId, target.sparkId, bytes, name, maxBytes, source, existing);
      if (existing) summary.updated += 1;
      else summary.imported += 1;
    } catch (error) {
      const reason = skipReason(error);
      if (!reason) throw error;
      summary.skipped.push({ name, reason });
    }
  }
  // A full listing names everything there is: what it did not name is gone.
  if (fromScratch) {
    for (const [externalId, imported] of known) if (!changes.has(externalId)) await remove(imported);
  }
  return { deltaLink, folderTree: tree, summary };
}

async function readChanges(graph: GraphClient, start: string): Promise<{ changes: Map<string, DriveItem>; deltaLink: string | null }> {
  // Later pages may repeat an item; its last state is the one that counts.
  const changes = new Map<string, DriveItem>();
  let deltaLink: string | null = null;
  for await (const page of graph.pages<DriveItem>(start)) {
    for (const item of page.value) if (typeof item.id === 'string') changes.set(item.id, item);
    deltaLink = page['@odata.deltaLink'] ?? deltaLink;
  }
  return { changes, deltaLink };
}

/** Refusals that concern one file (and are reported for it); anything else stops the sync. */
function skipReason(error: unknown): SyncSummary['skipped'][number]['reason'] | undefined {
  if (error instanceof AppError) {
    if (error.statusCode === 413) return 'too-large';
    if (error.code === ERROR_CODES.FILE_TYPE_MISMATCH) return 'mismatch';
    if (error.statusCode === 415) return 'unsupported';
    if (error.code === ERROR_CODES.EMPTY_FILE) return 'empty';
    if (error instanceof LimitReached) return 'limit-reached';
  }
  if (error instanceof GraphError && error.status === 404) return 'download-failed';
  return undefined;
}
