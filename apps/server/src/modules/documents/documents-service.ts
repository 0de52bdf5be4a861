import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue.js';
import { INGESTION_JOB } from './ingestion/ingestion-job.js';
import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import {
  ERROR_CODES,
  LIMITS,
  UPLOAD_MESSAGES,
  megabytesLabel,
  type DocumentAllowance,
  type DocumentKind,
  type ChatMessage,
  type Language,
  type SparkDocument,
  type UploadFields,
  type UploadResult,
} from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { isForeignKeyViolation } from '../../db/sql-results.js';
import { AppError } from '../../lib/app-error.js';
import type { PlanService } from '../billing/plan-service.js';
import { sparkFilesPrefix, type FileStorage } from '../../storage/file-storage.js';
import type { Caller } from '../../auth/caller.js';
import { aiMessage, humanMessage } from '../../lib/chat-messages.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { DOCUMENT_TEXTS, escapeMarkdown } from './document-texts.js';
import { cleanDocumentName, documentView } from './document-view.js';
import { DocumentsRepository, type DocumentRow, type NewDocument } from './documents-repository.js';
import { UploadSniffer } from './upload-sniffer.js';
import { declaredType } from './declared-type.js';
import { storedKind } from './stored-kind.js';
import { versionAfter, type Predecessor } from './version-after.js';
import { readAgain } from './read-again.js';

/** How a file to stage is described beside its bytes and name. */
export interface StageOptions {
  /** The request's length, to word the too-large message, since a refused stream is never read to its end. */
  sizeHint?: number | undefined;
  /** The cap for files fetched from elsewhere (multipart caps uploads itself). */
  maxBytes?: number;
  /** The type the sender gave the file; it speaks only when the name has no extension the product knows. */
  contentType?: string | undefined;
}

/** A file received and stored, not yet a document: committing makes it one, discarding removes it. */
export interface StagedUpload {
  documentId: string;
  storageKey: string;
  kind: DocumentKind;
  sizeBytes: number;
  fileName: string;
}

export const isTooLarge = (error: unknown): boolean => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/** Fails a stream past `maxBytes` the way multipart does, so one error path serves both. */
function sizeCap(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) return done(Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' }));
      done(null, chunk);
    },
  });
}
export const tooLarge = (sizeHint: number | undefined) =>
  new AppError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, UPLOAD_MESSAGES.tooLarge(megabytesLabel(sizeHint ?? LIMITS.uploadMaxBytes + 1)));

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Document not found');

/** A builder conversation an upload is told in. `append` answers false when the Spark is gone. */
export interface UploadThread {
  id: string;
  append(messages: ChatMessage[]): Promise<boolean>;
}

/**
 * The builder chat, where uploads are told. Conversations belong to the chat module, which
 * already reads documents' passages; declaring what uploads need here keeps that dependency one-way.
 */
export interface UploadThreads {
  /** The builder conversation `conversationId` names (a new one without it); one the caller may not use answers 404. */
  openBuilder(caller: Caller, sparkId: string, conversationId: string | null | undefined): Promise<UploadThread>;
}

export interface DocumentsServiceDeps {
  storage: FileStorage;
  /** Queues the document's ingestion; the row says `queued` already, so a lost job is found by the sweep. */
  onQueued: (documentId: string) => Promise<void>;
  sparks: SparksService;
  conversations: UploadThreads;
  plans: PlanService;
}

/**
 * The hand-off every module that stores documents uses. A job that cannot be sent now is not an
 * error for the upload: the row is `queued`, and the ingestion sweep sends it later.
 */
export function queueIngestion(jobs: JobQueue, log: FastifyBaseLogger): DocumentsServiceDeps['onQueued'] {
  return (documentId) =>
    jobs
      .send(INGESTION_JOB, { documentId }, documentId)
      .catch((error: unknown) => log.warn({ err: error, documentId }, 'ingestion job not sent; the sweep will send it'));
}

/** Documents of a Spark: receiving, listing and deleting them, always within the caller's tenant. */
export class DocumentsService {
  private readonly repository: DocumentsRepository;

  constructor(
    private readonly db: Db,
    private readonly deps: DocumentsServiceDeps,
  ) {
    this.repository = new DocumentsRepository(db);
  }

  /**
   * Streams a file to storage under a server-made key, deciding its kind from its first bytes and
   * refusing bytes that are not what the file's name (or type) says; refused or failed files are
   * removed, and nothing is counted.
   */
  async stage(tenantId: string, sparkId: string, file: Readable, fileName: string, options: StageOptions = {}): Promise<StagedUpload> {
    const { sizeHint, maxBytes, contentType } = options;
    // A trial that ended uploads nothing: refused before a byte is stored.
    await this.deps.plans.assertTrialOpen(tenantId);
    const documentId = randomUUID();
    const storageKey = `${sparkFilesPrefix(tenantId, sparkId)}/documents/${documentId}`;
    const declared = declaredType(fileName, contentType);
    const sniffer = new UploadSniffer(fileName, declared);
    let sizeBytes: number;
    try {
      // Multipart caps uploads itself; files fetched from elsewhere are capped here.
      sizeBytes = await this.deps.storage.put(storageKey, file, ...(maxBytes ? [sizeCap(maxBytes)] : []), sniffer);
    } catch (error) {
      throw isTooLarge(error) ? tooLarge(sizeHint) : error;
    }
    try {
      const kind = await storedKind(() => this.deps.storage.read(storageKey), sniffer.sniffed, fileName, declared);
      return { documentId, storageKey, kind, sizeBytes, fileName };
    } catch (error) {
      await this.deps.storage.remove(storageKey);
      throw error;
    }
  }

  async discard(staged: StagedUpload): Promise<void> {
    await this.deps.storage.remove(staged.storageKey);
  }

  /**
   * Makes a staged file a document of the Spark, within the plan's document limit (checked
   * under a lock on the tenant, so parallel uploads cannot pass it together), and tells the
   * builder chat about it. Nothing is kept when any step is refused.
   */
  async commit(caller: Caller, fields: UploadFields, staged: StagedUpload, language: Language): Promise<UploadResult> {
    try {
      await this.deps.sparks.get(caller.tenantId, fields.sparkId);
      const thread = await this.deps.conversations.openBuilder(caller, fields.sparkId, fields.conversationId);
      const named = fields.replaces ? await this.repository.find(caller.tenantId, fields.sparkId, fields.replaces) : undefined;
      if (fields.replaces && !named) throw notFound();
      const name = cleanDocumentName(fields.name ?? named?.name ?? staged.fileName, `document-${staged.documentId.slice(0, 8)}`);
      // Uploading a file under the name of one of the Spark's documents makes it that document's next version.
      const predecessor = named ?? (await this.repository.latestNamed(caller.tenantId, fields.sparkId, name));
      const row = await this.insertWithinPlan(caller.tenantId, {
        id: staged.documentId,
        tenantId: caller.tenantId,
        sparkId: fields.sparkId,
        name,
        kind: staged.kind,
        sizeBytes: staged.sizeBytes,
        storageKey: staged.storageKey,
        ...(predecessor ? versionAfter(predecessor) : {}),
      });
      await this.deps.onQueued(row.id);
      const texts = DOCUMENT_TEXTS[language];
      // product.md §5: an empty human message followed by an ai document message shows as the uploaded-document bubble.
      const messages = [
        humanMessage(''),
        aiMessage({ type: 'document', content: texts.received(escapeMarkdown(name)), name, documentId: row.id, options: texts.options }),
      ];
      if (!(await thread.append(messages))) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
      return { _id: row.id, bucketFileId: `${row.id}/${staged.kind}`, document: documentView(row), conversationId: thread.id, messages };
    } catch (error) {
      await this.discard(staged);
      throw error;
    }
  }

  /**
   * Makes a file already in storage a document of the Spark (the next version of `after` when
   * given) and queues its reading: how imported files and owner answers become documents. When
   * the plan or the Spark refuse it, the file is removed, so nothing is left behind. `detach` is
   * as for `insertWithinPlan`.
   */
  async addStored(
    tenantId: string,
    document: Omit<NewDocument, 'lineageId' | 'version' | 'replacesId'>,
    after?: Predecessor,
    detach?: string,
  ): Promise<DocumentRow> {
    let row: DocumentRow;
    try {
      row = await this.insertWithinPlan(tenantId, { ...document, ...(after ? versionAfter(after) : {}) }, detach);
    } catch (error) {
      await this.deps.storage.remove(document.storageKey);
      throw error;
    }
    await this.deps.onQueued(row.id);
    return row;
  }

  /**
   * Inserts a document under a lock on the tenant, within the plan's document count. A newer
   * version (`replacesId`) only needs the tenant not to be over its limit: it takes its
   * predecessor's place once read. `detach` (an imported file's previous version) hands the library
   * item over to the new row in the same transaction, so the next sync finds the new one.
   */
  async insertWithinPlan(tenantId: string, document: NewDocument, detach?: string) {
    try {
      return await this.db.transaction(async (tx) => {
        // Owner answers are not files and a website's pages count through their website: neither adds to the plan's documents.
        await this.deps.plans.admit(tx, tenantId, 'documents', document.replacesId || document.kind === 'answer' || document.sourceUrl ? 0 : 1);
        const repository = new DocumentsRepository(tx);
        if (detach) await repository.detachOne(tenantId, document.sparkId, detach);
        return repository.create(document);
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
      throw error;
    }
  }

  /**
   * Everything that can refuse an upload before its file is read: the Spark, the conversation
   * and the plan's limit (checked again under a lock when the document is committed).
   */
  async checkUpload(caller: Caller, fields: UploadFields): Promise<void> {
    const { tenantId } = caller;
    await this.deps.sparks.get(tenantId, fields.sparkId);
    await this.deps.conversations.openBuilder(caller, fields.sparkId, fields.conversationId);
    await this.deps.plans.wouldAdmit(tenantId, 'documents', fields.replaces ? 0 : 1);
  }

  async assertSpark(tenantId: string, sparkId: string): Promise<void> {
    await this.deps.sparks.get(tenantId, sparkId);
  }

  /** What the plan counts of the account's documents, and its limit (the limit dialog lists them). */
  allowance(tenantId: string): Promise<DocumentAllowance> {
    return this.deps.plans.documentAllowance(tenantId);
  }

  async list(tenantId: string, sparkId: string): Promise<SparkDocument[]> {
    await this.deps.sparks.get(tenantId, sparkId);
    return (await this.repository.list(tenantId, sparkId)).map(documentView);
  }

  async get(tenantId: string, sparkId: string, documentId: string): Promise<SparkDocument> {
    const row = await this.repository.find(tenantId, sparkId, documentId);
    if (!row) throw notFound();
    return documentView(row);
  }

  /** Reads a document's file again as its next version (read-again.ts). */
  readAgain(tenantId: string, sparkId: string, documentId: string): Promise<SparkDocument> {
    return readAgain(this.db, this.deps, tenantId, sparkId, documentId);
  }

  /** The row and its chunks go in one statement; the file follows. */
  async delete(tenantId: string, sparkId: string, documentId: string): Promise<void> {
    const found = await this.repository.find(tenantId, sparkId, documentId);
    if (!found) throw notFound();
    // A website's page would come back at the next sync: the website's card leaves it out instead.
    if (found.sourceUrl && found.integrationId)
      throw new AppError(409, ERROR_CODES.CONFLICT, 'This page belongs to a website. Leave it out from the website’s list of pages instead.');
    const row = await this.repository.delete(tenantId, sparkId, documentId);
    if (!row) throw notFound();
    await this.deps.storage.remove(row.storageKey);
  }
}
