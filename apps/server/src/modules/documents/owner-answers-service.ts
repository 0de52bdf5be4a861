import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DOCUMENT_NAME_MAX, ERROR_CODES, type OwnerAnswer, type SparkDocument } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { questionKey } from '../../lib/question-key.js';
import { sparkFilesPrefix } from '../../storage/file-storage.js';
import type { DocumentsService, DocumentsServiceDeps } from './documents-service.js';
import { documentView } from './document-view.js';
import { DocumentsRepository, type DocumentRow } from './documents-repository.js';

/**
 * An owner answer is named by its question, in the words it was asked: that is what the documents
 * panel lists and what a visitor reads as its source, never anything of the owner's account.
 */
const titleOf = (question: string): string => {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > DOCUMENT_NAME_MAX ? `${line.slice(0, DOCUMENT_NAME_MAX - 1).trimEnd()}…` : line;
};

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
    private readonly deps: Pick<DocumentsServiceDeps, 'storage'>,
  ) {
    this.repository = new DocumentsRepository(db);
  }

  /**
   * The owner's answer to a question, named by the question; its indexing is queued. One question
   * has one owner answer: answering it again makes the next version of the existing one
   * (`replaced` names the version it replaces), which answers in its place once read.
   */
  async create(tenantId: string, sparkId: string, entry: { question: string; answer: string }): Promise<{ document: SparkDocument; replaced: string | null }> {
    await this.documents.assertSpark(tenantId, sparkId);
    const existing = await this.existingFor(tenantId, sparkId, entry.question);
    if (existing) return { document: await this.nextVersion(tenantId, sparkId, existing, entry), replaced: existing.id };
    return { document: await this.store(tenantId, sparkId, titleOf(entry.question), asMarkdown(entry.question, entry.answer)), replaced: null };
  }

  /** Each question the Spark has an owner answer to (by its key), with that answer's newest version. */
  async answeredQuestions(tenantId: string, sparkId: string): Promise<Map<string, string>> {
    const answered = new Map<string, string>();
    for (const row of await this.repository.answers(tenantId, sparkId)) {
      const key = questionKey(row.name);
      if (!answered.has(key)) answered.set(key, row.id);
    }
    return answered;
  }

  /** The owner answer already given to this question (its newest version), if any. */
  async existingFor(tenantId: string, sparkId: string, question: string): Promise<DocumentRow | undefined> {
    const key = questionKey(titleOf(question));
    const answers = await this.repository.answers(tenantId, sparkId);
    return answers.find((row) => questionKey(row.name) === key);
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
    const next = await this.nextVersion(tenantId, sparkId, row, entry);
    return { documentId: next._id, question: entry.question, answer: entry.answer };
  }

  private nextVersion(tenantId: string, sparkId: string, row: DocumentRow, entry: { question: string; answer: string }): Promise<SparkDocument> {
    return this.store(tenantId, sparkId, titleOf(entry.question), asMarkdown(entry.question, entry.answer), row);
  }

  private async store(tenantId: string, sparkId: string, name: string, markdown: string, after?: DocumentRow): Promise<SparkDocument> {
    const id = randomUUID();
    const storageKey = `${sparkFilesPrefix(tenantId, sparkId)}/documents/${id}`;
    const sizeBytes = await this.deps.storage.put(storageKey, Readable.from([Buffer.from(markdown, 'utf8')]));
    return documentView(await this.documents.addStored(tenantId, { id, tenantId, sparkId, name, kind: 'answer', sizeBytes, storageKey }, after));
  }
}
