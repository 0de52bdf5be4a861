import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { documentsRoutes } from './documents-routes.js';
import { INGESTION_JOB, ingestionJob } from './ingestion/ingestion-job.js';

/** A Spark's documents: uploads, passages and search (product.md §10), and the job that reads each document into passages. */
export const documentsModule: FastifyPluginAsync = async (app) => {
  app.jobs.define(
    INGESTION_JOB,
    ingestionJob({
      ingestion: app.services.ingestion,
      concurrency: app.config.jobs.ingestionConcurrency,
      send: (name, data, key, options) => app.jobs.send(name, data, key, options),
    }),
  );
  await app.register(documentsRoutes, { prefix: API_BASE_PATH });
};
