import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { exportRoutes } from './export-routes.js';
import { insightsRoutes } from './insights-routes.js';
import { gapsRoutes } from './gaps-routes.js';
import { requestsRoutes } from './requests-routes.js';

export const PERSON_WAIT_JOB = 'person-wait';
/** How often a worker looks for visitors who asked for a person and whom nobody joined in time. */
const PERSON_WAIT_SWEEP_SECONDS = 30;

/**
 * What a Spark's conversations say about it and what its owner does about it: the export, the
 * insights figures, votes on answers, the knowledge-gap inbox with owner answers, and visitors' requests.
 */
export const insightsModule: FastifyPluginAsync = async (app) => {
  const { requests } = app.services;
  app.jobs.define(PERSON_WAIT_JOB, {
    expireInSeconds: 60,
    retryLimit: 0,
    sweep: { everySeconds: PERSON_WAIT_SWEEP_SECONDS, run: async () => void (await requests.mailUnjoined()) },
    handle: async () => undefined,
  });
  await app.register(exportRoutes, { prefix: API_BASE_PATH });
  await app.register(insightsRoutes, { prefix: API_BASE_PATH });
  await app.register(gapsRoutes, { prefix: API_BASE_PATH });
  await app.register(requestsRoutes, { prefix: API_BASE_PATH });
};
