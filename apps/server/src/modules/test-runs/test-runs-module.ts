import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { TEST_RUN_JOB } from './test-runs-service.js';
import { testRunsRoutes } from './test-runs-routes.js';

/** Re-runnable tests: the owner's routes, and the job that notices changes and runs the cases. */
export const testRunsModule: FastifyPluginAsync = async (app) => {
  app.jobs.define(TEST_RUN_JOB, app.services.testRuns.job());
  await app.register(testRunsRoutes, { prefix: API_BASE_PATH });
};
