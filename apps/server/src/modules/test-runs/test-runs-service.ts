import { ERROR_CODES, type TestRun } from '@sparks/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { JobDefinition } from '../../jobs/job-queue.js';
import { AppError } from '../../lib/app-error.js';
import type { SparkAnswerService } from '../chat/spark-answer-service.js';
import type { DocumentsService } from '../documents/documents-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { judgeAnswer, type Judgement, type ModelJudge } from './judge-answer.js';
import { TestCasesRepository } from './test-cases-repository.js';
import { TestRunsRepository, type TestRunRow } from './test-runs-repository.js';

export const TEST_RUN_JOB = 'test-runs';
/** A run still going after this long is taken as its worker having died (a model can be slow). */
const RUN_TIMEOUT_SECONDS = 15 * 60;
/** How often a worker looks for Sparks changed since their last run. */
const SWEEP_SECONDS = 5;

export interface TestRunsDeps {
  answers: SparkAnswerService;
  /** Grades plain-words expectations; absent with the offline responder. */
  judge: ModelJudge | undefined;
  sparks: SparksService;
  documents: DocumentsService;
  log: FastifyBaseLogger;
  /** Sends the run's job; the row says `queued` already, so a lost job is found by the sweep. */
  onQueued: (runId: string) => Promise<void>;
}

export const runView = (row: TestRunRow): TestRun => ({
  _id: row.id,
  sparkId: row.sparkId,
  trigger: row.trigger,
  status: row.status,
  total: row.total,
  completed: row.completed,
  passed: row.passed,
  failed: row.failed,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/**
 * Runs of a Spark's test cases: asked for by the owner or noticed after a change, replayed as a
 * background job through the same answer pipeline as the widget, judged, and kept as history.
 */
export class TestRunsService {
  private readonly runs: TestRunsRepository;
  private readonly cases: TestCasesRepository;

  constructor(
    db: Db,
    private readonly deps: TestRunsDeps,
  ) {
    this.runs = new TestRunsRepository(db);
    this.cases = new TestCasesRepository(db);
  }

  /** Queues a run now (or answers the one already waiting or running). */
  async request(tenantId: string, sparkId: string): Promise<TestRun> {
    await this.deps.sparks.get(tenantId, sparkId);
    if ((await this.cases.count(sparkId)) === 0)
      throw new AppError(409, ERROR_CODES.CONFLICT, 'Save a test chat as a test case first: a run replays your cases.');
    const run = await this.runs.request(tenantId, sparkId, 'manual');
    if (!run) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
    if (run.status === 'queued') await this.deps.onQueued(run.id);
    return runView(run);
  }

  async list(tenantId: string, sparkId: string): Promise<TestRun[]> {
    await this.deps.sparks.get(tenantId, sparkId);
    return (await this.runs.list(tenantId, sparkId)).map(runView);
  }

  /** The run job: replay one run's cases; its sweep notices changed Sparks and queues their runs. */
  job(): JobDefinition<{ runId: string }> {
    return {
      expireInSeconds: RUN_TIMEOUT_SECONDS,
      retryLimit: 2,
      sweep: {
        everySeconds: SWEEP_SECONDS,
        run: async () => {
          await this.runs.requestChanged();
          for (const id of await this.runs.waiting()) await this.deps.onQueued(id);
        },
      },
      handle: async ({ runId }, { signal, attempt }) => {
        const run = await this.runs.begin(runId, attempt > 1);
        if (!run) return;
        try {
          await this.execute(run, signal);
          await this.runs.finish(run, 'done');
        } catch (error) {
          if (signal.aborted) await this.runs.release(run.id);
          else {
            this.deps.log.error({ err: error, runId: run.id }, 'test run failed');
            await this.runs.finish(run, 'failed');
          }
        }
      },
    };
  }

  private async execute(run: TestRunRow, signal: AbortSignal): Promise<void> {
    const cases = await this.cases.list(run.tenantId, run.sparkId);
    await this.runs.start(run.id, cases.length);
    const documents = new Set((await this.deps.documents.list(run.tenantId, run.sparkId)).map((document) => document._id));
    for (const testCase of cases) {
      let answers: string[] = [];
      const failures: Judgement['failures'] = [];
      let graded: Judgement['graded'] = 'checks';
      try {
        const replayed = await this.deps.answers.replay(run.tenantId, run.sparkId, testCase.turns, testCase.language, signal);
        answers = replayed.map((answer) => answer.data.content ?? '');
        // Each question's answer is judged against its own checks, never another question's.
        for (const checks of testCase.checks) {
          const answer = replayed[checks.turn];
          if (!answer) continue;
          const questions = testCase.turns.slice(0, checks.turn + 1);
          const judgement = await judgeAnswer(answer, checks, {
            questions,
            turn: checks.turn,
            documentExists: (id) => documents.has(id),
            judge: this.deps.judge,
            signal,
          });
          failures.push(...judgement.failures);
          if (judgement.graded === 'model') graded = 'model';
        }
      } catch (error) {
        if (signal.aborted) throw error;
        this.deps.log.warn({ err: error, caseId: testCase.id }, 'a test case could not be replayed');
        failures.push({ code: 'error', detail: '', message: 'The Spark could not answer (the language model failed or timed out).', turn: null });
      }
      // The answers shown side by side are the first failing question's, else the last checked one's.
      const turn =
        failures.find((failure) => failure.turn !== null)?.turn ??
        testCase.checks.at(-1)?.turn ??
        (testCase.turns.length > 0 ? testCase.turns.length - 1 : null);
      const previous = await this.runs.previousAnswers(testCase.id, run.id);
      // A result of the previous version kept only the last question's answer.
      const previousTurn = previous ? (previous.turn ?? testCase.turns.length - 1) : null;
      const previousAnswer =
        turn === null ? '' : (previous?.answers[turn] ?? (previousTurn === turn ? previous?.answer : undefined) ?? testCase.baselines[turn] ?? '');
      await this.runs.record(run.id, testCase.id, {
        judgement: { passed: failures.length === 0, failures, graded },
        turn,
        answers,
        answer: turn === null ? '' : (answers[turn] ?? ''),
        previousAnswer,
      });
    }
  }
}
