import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { websiteDiscoveryJob, websiteImportJob } from './website-discovery-job.js';
import { WEBSITE_DISCOVERY_JOB, WEBSITE_IMPORT_JOB } from './websites-service.js';
import { websitesRoutes } from './websites-routes.js';

/** Websites as knowledge: the owner's routes under the API prefix, and the jobs that find a site's pages and read the chosen ones. */
export const websitesModule: FastifyPluginAsync = async (app) => {
  const deps = { websites: app.services.websites, concurrency: app.config.crawlConcurrency, send: app.jobs.send.bind(app.jobs) };
  app.jobs.define(WEBSITE_DISCOVERY_JOB, websiteDiscoveryJob(deps));
  app.jobs.define(WEBSITE_IMPORT_JOB, websiteImportJob(deps));
  await app.register(websitesRoutes, { prefix: API_BASE_PATH });
};
