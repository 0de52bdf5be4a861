import { ERROR_CODES, LIMITS, TEST_CASE_LIMITS, type CaseProposal, type Expectations, type TestCase, type TurnChecksBody } from '@sparks/contract';
import type { createTestCaseBodySchema, updateTestCaseBodySchema, Language } from '@sparks/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../db/sql-results.js';
import type { Caller } from '../../auth/caller.js';
import type { ConversationService } from '../chat/conversation-service.js';
import type { DocumentsService } from '../documents/documents-service.js';
import type { ActionsService } from '../actions/actions-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import type { CaseProposer } from './model-proposer.js';
import { proposeCase } from './propose-case.js';
import type { StoredTurnChecks } from '../../db/test-runs-schema.js';
import { TestCasesRepository, type TestCaseRow } from './test-cases-repository.js';

type CreateBody = z.output<typeof createTestCaseBodySchema>;
type UpdateBody = z.output<typeof updateTestCaseBodySchema>;

/** Twice the test chats a Spark may have at once, so cases outlive the chats they came from. */
const MAX_CASES = LIMITS.testsPerSpark * 2;

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Test case not found');

/**
 * Test chats kept as cases: proposed from the chat, saved with the owner's expectations (one per
 * test chat, so at most the Spark's tests), edited and removed. Runs are TestRunsService's.
 */
export class TestCasesService {
  private readonly repository: TestCasesRepository;
  private readonly sparks: SparksService;
  private readonly conversations: ConversationService;
  private readonly documents: DocumentsService;
  private readonly actions: Pick<ActionsService, 'toolActions'>;

  constructor(
    db: Db,
    deps: { sparks: SparksService; conversations: ConversationService; documents: DocumentsService; actions: Pick<ActionsService, 'toolActions'> },
    /** The configured model proposing expectations; absent with the offline responder. */
    private readonly proposer?: CaseProposer,
  ) {
    this.repository = new TestCasesRepository(db);
    this.actions = deps.actions;
    this.sparks = deps.sparks;
    this.conversations = deps.conversations;
    this.documents = deps.documents;
  }

  async propose(caller: Caller, sparkId: string, testId: string): Promise<CaseProposal> {
    const { proposal } = await this.fromChat(caller, sparkId, testId);
    if (!this.proposer) return proposal;
    // One budget for the whole chat: a slow model leaves the remaining questions with what their answers show by themselves.
    const signal = AbortSignal.timeout(30_000);
    const unique = (items: string[]) => [...new Map(items.map((item) => [item.toLowerCase(), item])).values()].slice(0, TEST_CASE_LIMITS.facts);
    const turns: CaseProposal['turns'] = [];
    for (const [index, turn] of proposal.turns.entries()) {
      const questions = proposal.turns.slice(0, index + 1).map((each) => each.question);
      const suggested = turn.answer && !signal.aborted ? await this.proposer({ questions, answer: turn.answer, signal }) : undefined;
      const { expectations } = turn;
      turns.push(
        suggested
          ? {
              ...turn,
              expectations: {
                ...expectations,
                mustInclude: unique([...expectations.mustInclude, ...suggested.mustInclude]),
                mustNotInclude: unique([...expectations.mustNotInclude, ...suggested.mustNotInclude]),
                expectation: suggested.expectation || expectations.expectation,
              },
            }
          : turn,
      );
    }
    return { ...proposal, turns };
  }

  async create(caller: Caller, sparkId: string, body: CreateBody): Promise<TestCase> {
    const { proposal } = await this.fromChat(caller, sparkId, body.testId);
    const checks = await this.checks(caller.tenantId, sparkId, body.checks, proposal.turns.length);
    const baselines = proposal.turns.map((turn) => turn.answer);
    const values = {
      name: body.name ?? (proposal.name || 'Test case'),
      turns: proposal.turns.map((turn) => turn.question),
      checks,
      baselines,
      ...previousVersionColumns(checks, baselines),
      language: await this.conversations.language(caller, undefined),
    };
    const existing = await this.repository.findByTest(caller.tenantId, body.testId);
    if (existing) return view(await this.repository.replace(existing.id, values), null);
    // Cases whose chat was deleted stay; the count still keeps a Spark's suite small enough to run after every change.
    if ((await this.repository.count(sparkId)) >= MAX_CASES) {
      throw new AppError(409, ERROR_CODES.COLLECTION_FULL, `A Spark keeps at most ${MAX_CASES} test cases. Delete one to save this one.`);
    }
    try {
      return view(await this.repository.create({ tenantId: caller.tenantId, sparkId, testId: body.testId, ...values }), null);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, ERROR_CODES.CONFLICT, 'This test chat was saved at the same moment; open its case to change it.');
      throw error;
    }
  }

  /**
   * A case of one question that needs no test chat: a question visitors asked that the owner
   * answered from the knowledge-gap inbox, so the fix stays fixed. A good answer mentions `mustMention`.
   */
  async fromQuestion(
    tenantId: string,
    sparkId: string,
    entry: { question: string; answer: string; mustMention: string[]; language: Language },
  ): Promise<TestCase> {
    await this.sparks.get(tenantId, sparkId);
    if ((await this.repository.count(sparkId)) >= MAX_CASES) {
      throw new AppError(409, ERROR_CODES.COLLECTION_FULL, `A Spark keeps at most ${MAX_CASES} test cases. Delete one to save this one.`);
    }
    const checks: StoredTurnChecks[] = [{ turn: 0, ...NO_EXPECTATIONS, mustInclude: entry.mustMention.slice(0, TEST_CASE_LIMITS.facts) }];
    const baselines = [entry.answer];
    const name = entry.question.length > TEST_CASE_LIMITS.nameChars ? `${entry.question.slice(0, TEST_CASE_LIMITS.nameChars - 1).trimEnd()}…` : entry.question;
    const row = await this.repository.create({
      tenantId,
      sparkId,
      testId: null,
      name,
      turns: [entry.question],
      checks,
      baselines,
      ...previousVersionColumns(checks, baselines),
      language: entry.language,
    });
    return view(row, null);
  }

  /** The test chat's messages and what they show by themselves (no model asked). */
  private async fromChat(caller: Caller, sparkId: string, testId: string) {
    await this.sparks.getTest(caller.tenantId, sparkId, testId);
    const messages = await this.conversations.testTranscript(caller.tenantId, sparkId, testId);
    const proposal = proposeCase(messages, await this.documents.list(caller.tenantId, sparkId));
    if (proposal.turns.length === 0)
      throw new AppError(409, ERROR_CODES.CONFLICT, 'Ask the Spark something in this test chat first: a test case replays your questions.');
    return { proposal };
  }

  async list(tenantId: string, sparkId: string): Promise<TestCase[]> {
    await this.sparks.get(tenantId, sparkId);
    const rows = await this.repository.list(tenantId, sparkId);
    const results = await this.repository.latestResults(rows.map((row) => row.id));
    return rows.map((row) => view(row, results.get(row.id) ?? null));
  }

  async update(tenantId: string, sparkId: string, caseId: string, body: UpdateBody): Promise<TestCase> {
    // Whose Spark it is comes first: a stranger learns "not found", never what is wrong with the body.
    await this.sparks.get(tenantId, sparkId);
    const existing = await this.repository.find(tenantId, sparkId, caseId);
    if (!existing) throw notFound();
    const checks = body.checks ? await this.checks(tenantId, sparkId, body.checks, existing.turns.length) : undefined;
    const patch = { ...(body.name ? { name: body.name } : {}), ...(checks ? { checks, ...previousVersionColumns(checks, existing.baselines) } : {}) };
    const row = await this.repository.update(tenantId, sparkId, caseId, patch);
    if (!row) throw notFound();
    return view(row, (await this.repository.latestResults([row.id])).get(row.id) ?? null);
  }

  async delete(tenantId: string, sparkId: string, caseId: string): Promise<void> {
    if (!(await this.repository.delete(tenantId, sparkId, caseId))) throw notFound();
  }

  /**
   * Each question's checks, read against the chat: the question must be one of its own, and a cited
   * document one of this Spark's (its name is read from it, never taken from the request). A
   * question whose checks are all empty is simply not checked.
   */
  private async checks(tenantId: string, sparkId: string, body: readonly TurnChecksBody[], questions: number): Promise<StoredTurnChecks[]> {
    const checks: StoredTurnChecks[] = [];
    for (const [index, each] of body.entries()) {
      if (each.turn >= questions)
        throw new AppError(
          400,
          ERROR_CODES.VALIDATION_FAILED,
          `body.checks.${index}.turn: this test chat has ${questions} question${questions === 1 ? '' : 's'}`,
        );
      let citesDocument: Expectations['citesDocument'] = null;
      if (each.citesDocumentId) {
        const document = await this.documents.get(tenantId, sparkId, each.citesDocumentId).catch(() => undefined);
        if (!document) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, `body.checks.${index}.citesDocumentId: must be one of this Spark’s documents`);
        citesDocument = { documentId: document._id, name: document.name };
      }
      let callsAction: Expectations['callsAction'] = null;
      if (each.callsAction) {
        const action = (await this.actions.toolActions(tenantId, sparkId)).find((candidate) => candidate.actionId === each.callsAction!.actionId);
        if (!action)
          throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, `body.checks.${index}.callsAction.actionId: must be one of this Spark’s actions, switched on`);
        // Only the action's own inputs are checked; its name is read from it, never taken from the request.
        const values = Object.fromEntries(
          action.inputs.flatMap((input) => (each.callsAction!.values?.[input.key] ? [[input.key, each.callsAction!.values[input.key]!]] : [])),
        );
        callsAction = { actionId: action.actionId, name: action.name, values };
      }
      const expectations: Expectations = {
        mustInclude: each.mustInclude ?? [],
        mustNotInclude: each.mustNotInclude ?? [],
        citesDocument,
        expectation: each.expectation || null,
        callsAction,
      };
      if (!isEmpty(expectations)) checks.push({ turn: each.turn, ...expectations });
    }
    return checks.sort((a, b) => a.turn - b.turn);
  }
}

const NO_EXPECTATIONS: Expectations = { mustInclude: [], mustNotInclude: [], citesDocument: null, expectation: null };
const isEmpty = (expectations: Expectations) =>
  expectations.mustInclude.length === 0 &&
  expectations.mustNotInclude.length === 0 &&
  !expectations.citesDocument &&
  !expectations.expectation &&
  !expectations.callsAction;

/** The columns the previous version reads: the last question's checks and saved answer. */
function previousVersionColumns(checks: readonly StoredTurnChecks[], baselines: readonly string[]) {
  const last = baselines.length - 1;
  const lastChecks = checks.find((check) => check.turn === last);
  return { expectations: lastChecks ? expectationsOf(lastChecks) : NO_EXPECTATIONS, baseline: baselines[last] ?? '' };
}

const expectationsOf = ({ mustInclude, mustNotInclude, citesDocument, expectation, callsAction }: StoredTurnChecks): Expectations => ({
  mustInclude,
  mustNotInclude,
  citesDocument,
  expectation,
  callsAction: callsAction ?? null,
});

function view(row: TestCaseRow, lastResult: TestCase['lastResult']): TestCase {
  return {
    _id: row.id,
    sparkId: row.sparkId,
    testId: row.testId,
    name: row.name,
    turns: row.turns.map((question, index) => {
      const checks = row.checks.find((check) => check.turn === index);
      return { question, baseline: row.baselines[index] ?? '', expectations: checks ? expectationsOf(checks) : null };
    }),
    lastResult,
    createdAt: row.createdAt.toISOString(),
  };
}
