import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ERROR_CODES, type SparkDocument } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { sparkFilesPrefix } from '../../storage/file-storage.js';
import type { DocumentsServiceDeps } from './documents-service.js';
import { documentView } from './document-view.js';
import { DocumentsRepository, type DocumentRow } from './documents-repository.js';
import { versionAfter } from './version-after.js';

const conflict = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message);

/** Why a document cannot be read again now, or null when it can. */
function refusal(row: DocumentRow, newer: boolean): AppError | null {
  if (row.kind === 'answer') return conflict('An owner answer is not read from a file. Edit it instead.');
  if (row.sourceUrl && row.integrationId) return conflict('This page belongs to a website: it is read again at the website’s next sync.');
  if (row.status === 'queued' || row.status === 'processing') return conflict('This document is still being read. Try again once it is ready.');
  if (newer) return conflict('A newer version of this document is being read. Try again once it is ready.');
  return null;
}

/**
 * Reads a document's stored file again, as its next version: what reading has learnt since the
 * file was uploaded (text repair, OCR, tables of contents left out) otherwise reaches only new
 * uploads. The version it replaces keeps answering until the new one is read, as when the owner
 * uploads a file of the same name (docs/product.md §10). The file is copied, not
 * shared, so each version owns its file and deleting one never takes the other's.
 */
export async function readAgain(
  db: Db,
  deps: Pick<DocumentsServiceDeps, 'storage' | 'plans' | 'onQueued'>,
  tenantId: string,
  sparkId: string,
  documentId: string,
): Promise<SparkDocument> {
  const repository = new DocumentsRepository(db);
  const found = await repository.find(tenantId, sparkId, documentId);
  if (!found) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Document not found');
  // Ownership first: a stranger whose trial ended learns nothing of another tenant's ids from a 402.
  await deps.plans.assertTrialOpen(tenantId);
  const early = refusal(found, await repository.hasVersionBeingRead(found));
  if (early) throw early;
  // A file lost from storage (a restore without its files) cannot be read again: the owner uploads it instead.
  if (!(await deps.storage.exists(found.storageKey)))
    throw new AppError(404, ERROR_CODES.NOT_FOUND, 'The file of this document is no longer stored. Upload it again instead.');
  const id = randomUUID();
  const storageKey = `${sparkFilesPrefix(tenantId, sparkId)}/documents/${id}`;
  const sizeBytes = await deps.storage.put(storageKey, Readable.from([await deps.storage.read(found.storageKey)]));
  let row: DocumentRow;
  try {
    row = await db.transaction(async (tx) => {
      // The tenant's lock: two requests at once cannot both find no newer version and add one each.
      await deps.plans.admit(tx, tenantId, 'documents', 0);
      const locked = new DocumentsRepository(tx);
      const current = await locked.find(tenantId, sparkId, documentId);
      if (!current) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Document not found');
      const late = refusal(current, await locked.hasVersionBeingRead(current));
      if (late) throw late;
      // An imported file's library item moves to the new version, so the next sync finds that one.
      if (current.integrationId) await locked.detachOne(tenantId, sparkId, current.id);
      return locked.create({
        id,
        tenantId,
        sparkId,
        name: current.name,
        kind: current.kind,
        sizeBytes,
        storageKey,
        integrationId: current.integrationId,
        externalId: current.externalId,
        externalTag: current.externalTag,
        externalPath: current.externalPath,
        sourceUrl: current.sourceUrl,
        ...versionAfter(current),
      });
    });
  } catch (error) {
    await deps.storage.remove(storageKey);
    throw error;
  }
  await deps.onQueued(row.id);
  return documentView(row);
}
