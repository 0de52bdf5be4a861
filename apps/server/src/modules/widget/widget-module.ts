import { join } from 'node:path';
import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serverRoot } from '../../lib/server-root.js';
import { deployRoutes } from './deploy-routes.js';
import { widgetFrameRoutes } from './widget-frame-routes.js';
import { widgetRoutes } from './widget-routes.js';
import { WIDGET_HOUSEKEEPING_JOB, widgetHousekeepingJob } from './widget-housekeeping-job.js';
import { HAND_BACK_ANSWER_JOB, handBackAnswerJob } from './hand-back-answer-job.js';

const defaultWidgetDist = (): string => join(serverRoot(), '..', '..', 'packages', 'widget', 'dist');
const wordpressPlugin = (): string => join(serverRoot(), '..', '..', 'integrations', 'wordpress', 'sparks-chat');

/**
 * The website widget: its public API and the owner's deploy routes under the API prefix, and the
 * loader and chat frame at the site's root (where websites load them from).
 */
export const widgetModule: FastifyPluginAsync = async (app) => {
  app.jobs.define(WIDGET_HOUSEKEEPING_JOB, widgetHousekeepingJob(app.services.deployments, app.jobs.send.bind(app.jobs)));
  app.jobs.define(HAND_BACK_ANSWER_JOB, handBackAnswerJob(app.services.channels));
  await app.register(
    async (api) => {
      await api.register(widgetRoutes);
      await api.register(deployRoutes);
    },
    { prefix: API_BASE_PATH },
  );
  await app.register(widgetFrameRoutes, { distDir: app.config.widgetDistDir ?? defaultWidgetDist(), wordpressPluginDir: wordpressPlugin() });
};
