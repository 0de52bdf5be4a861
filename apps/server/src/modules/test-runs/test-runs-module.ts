import type { FastifyInstance } from 'fastify';
import { modelSettings } from '../../lib/model-settings.js';
import { SparkAnswerService } from '../chat/spark-answer-service.js';
import { queueIngestion } from '../documents/documents-service.js';
import { RetrievalService } from '../documents/retrieval-service.js';
import { modelJudge } from './model-judge.js';
import { modelProposer } from './model-proposer.js';
import { TestCasesService } from './test-cases-service.js';
import { TEST_RUN_JOB, TestRunsService } from './test-runs-service.js';
import { testRunsRoutes } from './test-runs-routes.js';

/** Re-runnable tests: the owner's routes, and the job that notices changes and runs the cases. */
export function testRunsModule(app: FastifyInstance) {
  const db = app.database.db;
  const settings = modelSettings(app);
  // The offline responder answers from a script: it can neither grade answers nor propose checks.
  const offline = app.config.llm.provider === 'offline';
  const documents = { storage: app.fileStorage, onQueued: queueIngestion(app.jobs, app.log) };
  const runs = new TestRunsService(db, {
    answers: SparkAnswerService.create(db, settings, new RetrievalService(db, { embeddingModel: app.embeddingModel, log: app.log })),
    judge: offline ? undefined : modelJudge(settings),
    documents,
    log: app.log,
    onQueued: (runId) => app.jobs.send(TEST_RUN_JOB, { runId }, runId),
  });
  app.jobs.define(TEST_RUN_JOB, runs.job());
  return testRunsRoutes(new TestCasesService(db, documents, offline ? undefined : modelProposer(settings)), runs);
}
