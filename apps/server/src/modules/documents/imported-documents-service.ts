import type { Readable } from 'node:stream';
import type { SparkDocument } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { DocumentsRepository, type DocumentRow } from './documents-repository.js';
import { cleanDocumentName, documentView } from './document-view.js';
import type { DocumentsService, DocumentsServiceDeps } from './documents-service.js';

/** Where an imported file comes from: its connection, its id there, its version and its folder path. */
export interface ImportSource {
  integrationId: string;
  externalId: string;
  externalTag: string;
  path: string;
  /** The web page the file was read from, for a website's pages: cited as a link, counted through its website. */
  sourceUrl?: string;
}

export interface ImportedDocument {
  document: SparkDocument;
  externalId: string;
  externalTag: string | null;
  path: string;
  storageKey: string;
  /** The first version's id when this is a later version of the file. */
  lineageId: string | null;
}

const importedView = (row: DocumentRow): ImportedDocument => ({
  document: documentView(row),
  externalId: row.externalId ?? '',
  externalTag: row.externalTag,
  path: row.externalPath ?? '',
  storageKey: row.storageKey,
  lineageId: row.lineageId,
});

/**
 * Documents that come from a connected library or a website rather than an upload: the same storage, the same
 * checks (kind by bytes, size, the plan's count) and the same ingestion queue, keyed by the
 * library's item id so a sync can replace or remove them.
 */
export class ImportedDocumentsService {
  private readonly repository: DocumentsRepository;

  constructor(
    db: Db,
    private readonly documents: DocumentsService,
    private readonly deps: Pick<DocumentsServiceDeps, 'storage'>,
  ) {
    this.repository = new DocumentsRepository(db);
  }

  async list(tenantId: string, integrationId: string): Promise<ImportedDocument[]> {
    return (await this.repository.imported(tenantId, integrationId)).map(importedView);
  }

  /**
   * Stores the file and queues it for ingestion, replacing the earlier version of the same item if
   * there is one. Throws the upload errors (415 kind or a name its bytes belie, 413 size, 402 plan)
   * with nothing kept.
   */
  async import(
    tenantId: string,
    sparkId: string,
    file: Readable,
    fileName: string,
    maxBytes: number,
    source: ImportSource,
    replaces?: ImportedDocument,
  ): Promise<SparkDocument> {
    const staged = await this.documents.stage(tenantId, sparkId, file, fileName, { maxBytes });
    const row = await this.documents.addStored(
      tenantId,
      {
        id: staged.documentId,
        tenantId,
        sparkId,
        name: cleanDocumentName(fileName, `document-${staged.documentId.slice(0, 8)}`),
        kind: staged.kind,
        sizeBytes: staged.sizeBytes,
        storageKey: staged.storageKey,
        integrationId: source.integrationId,
        externalId: source.externalId,
        externalTag: source.externalTag,
        externalPath: source.path,
        ...(source.sourceUrl ? { sourceUrl: source.sourceUrl } : {}),
      },
      // A changed file is read as the next version: the one it replaces answers until then.
      replaces && { id: replaces.document._id, lineageId: replaces.lineageId, version: replaces.document.version },
      replaces?.document._id,
    );
    return documentView(row);
  }

  /** Removes one imported document: its row, passages and file, and the version it was still to replace. */
  async removeFile(tenantId: string, sparkId: string, imported: ImportedDocument): Promise<void> {
    const previous = imported.document.replaces;
    if (previous) {
      const replaced = await this.repository.delete(tenantId, sparkId, previous);
      if (replaced) await this.deps.storage.remove(replaced.storageKey);
    }
    if (!(await this.repository.delete(tenantId, sparkId, imported.document._id))) return;
    await this.deps.storage.remove(imported.storageKey);
  }

  /** Ends the link between documents and their connection: removed with it, or kept as the Spark's own. */
  async release(tenantId: string, sparkId: string, integrationId: string, remove: boolean): Promise<void> {
    if (!remove) return this.repository.detach(tenantId, integrationId);
    for (const imported of await this.list(tenantId, integrationId)) await this.removeFile(tenantId, sparkId, imported);
  }
}
