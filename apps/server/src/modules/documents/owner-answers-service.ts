import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ERROR_CODES, type Language, type OwnerAnswer, type SparkDocument } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { sparkFilesPrefix } from '../../storage/file-storage.js';
import type { DocumentsService, DocumentsServiceDeps } from './documents-service.js';
import { documentView } from './document-view.js';
import { DocumentsRepository } from './documents-repository.js';

/** What an owner answer is called where it is cited and listed. */
const TITLES: Record<Language, (name: string) => string> = { en: (name) => `Answer from ${name}`, es: (name) => `Respuesta de ${name}` };

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Answer not found');

/** The question is the passage's heading (one line), so a visitor asking it again finds the answer by its words. */
const asMarkdown = (question: string, answer: string) => `## ${question.replace(/\s+/g, ' ').trim()}\n\n${answer.trim()}\n`;

function fromMarkdown(text: string): { question: string; answer: string } {
  const [heading = '', ...rest] = text.split('\n\n');
  return { question: heading.replace(/^##\s*/, '').trim(), answer: rest.join('\n\n').trim() };
}

/**
 * Answers the owner writes for questions the Spark could not answer (the knowledge-gap inbox and
 * visitors' requests): each is a document of kind `answer`, read and indexed like an uploaded
 * Markdown file, so it is found and cited like any passage and edited or deleted in the documents panel.
 * Owner answers do not count against the plan's documents: they are a sentence, not a file.
 */
export class OwnerAnswersService {
  private readonly repository: DocumentsRepository;

  constructor(
    db: Db,
    private readonly documents: DocumentsService,
    private readonly deps: Pick<DocumentsServiceDeps, 'storage' | 'onQueued'>,
  ) {
    this.repository = new DocumentsRepository(db);
  }

  /** A new owner answer, titled "Answer from <owner>" (in the owner's language) where it is cited; its indexing is queued. */
  async create(
    tenantId: string,
    sparkId: string,
    entry: { question: string; answer: string; signedBy: { name: string; language: Language } },
  ): Promise<SparkDocument> {
    await this.documents.assertSpark(tenantId, sparkId);
    return this.store(tenantId, sparkId, TITLES[entry.signedBy.language](entry.signedBy.name), asMarkdown(entry.question, entry.answer));
  }

  async get(tenantId: string, sparkId: string, documentId: string): Promise<OwnerAnswer> {
    const row = await this.repository.find(tenantId, sparkId, documentId);
    if (!row || row.kind !== 'answer') throw notFound();
    return { documentId: row.id, ...fromMarkdown((await this.deps.storage.read(row.storageKey)).toString('utf8')) };
  }

  /** An edit is the answer's next version: the previous one answers until the new one is indexed, then gives way. */
  async update(tenantId: string, sparkId: string, documentId: string, entry: { question: string; answer: string }): Promise<OwnerAnswer> {
    const row = await this.repository.find(tenantId, sparkId, documentId);
    if (!row || row.kind !== 'answer') throw notFound();
    const next = await this.store(tenantId, sparkId, row.name, asMarkdown(entry.question, entry.answer), {
      lineageId: row.lineageId ?? row.id,
      version: row.version + 1,
      replacesId: row.id,
    });
    return { documentId: next._id, question: entry.question, answer: entry.answer };
  }

  private async store(
    tenantId: string,
    sparkId: string,
    name: string,
    markdown: string,
    version?: { lineageId: string; version: number; replacesId: string },
  ): Promise<SparkDocument> {
    const id = randomUUID();
    const storageKey = `${sparkFilesPrefix(tenantId, sparkId)}/documents/${id}`;
    const sizeBytes = await this.deps.storage.put(storageKey, Readable.from([Buffer.from(markdown, 'utf8')]));
    try {
      const row = await this.documents.insertWithinPlan(tenantId, { id, tenantId, sparkId, name, kind: 'answer', sizeBytes, storageKey, ...version });
      await this.deps.onQueued(row.id);
      return documentView(row);
    } catch (error) {
      await this.deps.storage.remove(storageKey);
      throw error;
    }
  }
}
