import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { websiteDiscoveryJob, websiteImportJob } from './website-discovery-job.js';
import { WEBSITE_DISCOVERY_JOB, WEBSITE_IMPORT_JOB } from './websites-service.js';
import { websitesRoutes } from './websites-routes.js';

/** Websites as knowledge: the owner's routes under the API prefix, and the jobs that find a site's pages and read the chosen ones. */
export const websitesModule: FastifyPluginAsync = async (app) => {
  app.jobs.define(WEBSITE_DISCOVERY_JOB, websiteDiscoveryJob(app.services.websites));
  app.jobs.define(WEBSITE_IMPORT_JOB, websiteImportJob(app.services.websites));
  await app.register(websitesRoutes, { prefix: API_BASE_PATH });
};
