import { ERROR_CODES, type AnswerGapBody, type GapCheck, type KnowledgeGap, type OwnerAnswer } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../auth/caller.js';
import type { SparkAnswerService } from '../chat/spark-answer-service.js';
import type { OwnerAnswersService } from '../documents/owner-answers-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import type { TestCasesService } from '../test-runs/test-cases-service.js';
import { GapsRepository, type GapRow } from './gaps-repository.js';
import { mentionsOf } from './mentions-of.js';
import { ownerOf } from './owner-of.js';
import { questionKey } from '../../lib/question-key.js';

export interface GapsDeps {
  sparks: SparksService;
  answers: SparkAnswerService;
  ownerAnswers: OwnerAnswersService;
  testCases: TestCasesService;
}

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Question not found');
/** How long re-asking a question may take before the check gives up. */
const CHECK_BUDGET_MS = 30_000;

const view = (row: GapRow): KnowledgeGap => ({
  _id: row.id,
  question: row.question,
  unanswered: row.unanswered,
  thumbsDown: row.thumbsDown,
  lastComment: row.lastComment,
  lastAskedAt: row.lastAskedAt.toISOString(),
  status: row.status,
  answerDocumentId: row.answerDocumentId,
  testCaseId: row.testCaseId,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/**
 * The knowledge-gap inbox: what visitors asked that the Spark could not answer or thumbed down,
 * and the owner closing each gap — an owner answer in the knowledge and a saved test that keeps it
 * answered, a document instead, or dismissing it — then asking the Spark again to see it answer.
 */
export class GapsService {
  private readonly repository: GapsRepository;

  constructor(
    private readonly db: Db,
    private readonly deps: GapsDeps,
  ) {
    this.repository = new GapsRepository(db);
  }

  async noteUnanswered(tenantId: string, sparkId: string, question: string): Promise<void> {
    const key = questionKey(question);
    if (key) await this.repository.record({ tenantId, sparkId, key, question, unanswered: 1, thumbsDown: 0, comment: null });
  }

  /** A thumbs down (`count` 1), or a comment added to one already given (`count` 0). */
  async noteThumbsDown(tenantId: string, sparkId: string, question: string, comment: string | null, count: 0 | 1): Promise<void> {
    const key = questionKey(question);
    if (key) await this.repository.record({ tenantId, sparkId, key, question, unanswered: 0, thumbsDown: count, comment });
  }

  async withdrawThumbsDown(sparkId: string, question: string): Promise<void> {
    await this.repository.withdrawThumbsDown(sparkId, questionKey(question));
  }

  async list(tenantId: string, sparkId: string, status: 'open' | 'resolved'): Promise<KnowledgeGap[]> {
    await this.deps.sparks.get(tenantId, sparkId);
    return (await this.repository.list(tenantId, sparkId, status === 'open')).map(view);
  }

  /**
   * The owner's answer becomes an owner answer in the Spark's knowledge and, unless declined, a saved
   * test asking the question whose good answer mentions the given facts (or the answer's own key words).
   */
  async answer(caller: Caller, sparkId: string, gapId: string, body: Required<AnswerGapBody>): Promise<KnowledgeGap> {
    const gap = await this.found(caller.tenantId, sparkId, gapId);
    const owner = await ownerOf(this.db, caller.userId);
    const { document, replaced } = await this.deps.ownerAnswers.create(caller.tenantId, sparkId, { question: gap.question, answer: body.answer });
    if (replaced) await this.repository.moveAnswer(replaced, document._id);
    const testCase = body.saveTest
      ? await this.deps.testCases.fromQuestion(caller.tenantId, sparkId, {
          question: gap.question,
          answer: body.answer,
          mustMention: body.mustMention.length > 0 ? body.mustMention : mentionsOf(body.answer),
          language: owner.language,
        })
      : undefined;
    return this.resolved(caller.tenantId, sparkId, gapId, { status: 'answered', answerDocumentId: document._id, testCaseId: testCase?._id ?? null });
  }

  /** Closed without an owner answer: a document was attached that covers it, or it is not worth answering. */
  async resolve(tenantId: string, sparkId: string, gapId: string, by: 'document' | 'dismissed'): Promise<KnowledgeGap> {
    await this.found(tenantId, sparkId, gapId);
    return this.resolved(tenantId, sparkId, gapId, { status: by });
  }

  /** The question asked again of the Spark as it is now; not stored, not counted as an interaction. */
  async check(caller: Caller, sparkId: string, gapId: string): Promise<GapCheck> {
    const gap = await this.found(caller.tenantId, sparkId, gapId);
    const { language } = await ownerOf(this.db, caller.userId);
    const [answer] = await this.deps.answers.replay(caller.tenantId, sparkId, [gap.question], language, AbortSignal.timeout(CHECK_BUDGET_MS));
    const citations = answer?.data.citations ?? [];
    return {
      answered: !!answer && !answer.data.unanswered,
      answer: answer?.data.content ?? '',
      citedTitles: [...new Set(citations.map((citation) => citation.title))],
    };
  }

  getAnswer(tenantId: string, sparkId: string, documentId: string): Promise<OwnerAnswer> {
    return this.deps.ownerAnswers.get(tenantId, sparkId, documentId);
  }

  /** An edited owner answer is its next version; the gaps it resolved follow it. */
  async updateAnswer(tenantId: string, sparkId: string, documentId: string, entry: { question: string; answer: string }): Promise<OwnerAnswer> {
    const updated = await this.deps.ownerAnswers.update(tenantId, sparkId, documentId, entry);
    await this.repository.moveAnswer(documentId, updated.documentId);
    return updated;
  }

  private async found(tenantId: string, sparkId: string, gapId: string): Promise<GapRow> {
    await this.deps.sparks.get(tenantId, sparkId);
    const gap = await this.repository.find(tenantId, sparkId, gapId);
    if (!gap) throw notFound();
    return gap;
  }

  private async resolved(tenantId: string, sparkId: string, gapId: string, resolution: Parameters<GapsRepository['resolve']>[3]): Promise<KnowledgeGap> {
    const row = await this.repository.resolve(tenantId, sparkId, gapId, resolution);
    if (!row) throw notFound();
    return view(row);
  }
}
