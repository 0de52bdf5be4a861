import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { serverRoot } from '../../lib/server-root.js';
import { modelSettings } from '../../lib/model-settings.js';
import { ConversationService } from '../chat/conversation-service.js';
import { SparkAnswerService } from '../chat/spark-answer-service.js';
import { RetrievalService } from '../documents/retrieval-service.js';
import { SparksService } from '../sparks/sparks-service.js';
import { PlanService } from '../billing/plan-service.js';
import { deployRoutes } from './deploy-routes.js';
import { widgetFrameRoutes } from './widget-frame-routes.js';
import { widgetRoutes } from './widget-routes.js';
import { WidgetService } from './widget-service.js';
import { WIDGET_HOUSEKEEPING_JOB, widgetHousekeepingJob } from './widget-housekeeping-job.js';

const defaultWidgetDist = (): string => join(serverRoot(), '..', '..', 'packages', 'widget', 'dist');
const wordpressPlugin = (): string => join(serverRoot(), '..', '..', 'integrations', 'wordpress', 'sparks-chat');

/**
 * The website widget: its public API and the owner's deploy routes under the API prefix, and the
 * loader and chat frame at the site's root (where websites load them from).
 */
export function widgetModule(app: FastifyInstance) {
  const db = app.database.db;
  const retrieval = new RetrievalService(db, { embeddingModel: app.embeddingModel, log: app.log });
  const widget = new WidgetService(
    db,
    {
      sparks: new SparksService(db),
      plans: new PlanService(db),
      answers: SparkAnswerService.create(db, modelSettings(app), retrieval),
      conversations: new ConversationService(db),
    },
    { publicUrl: app.config.publicUrl, appSecret: app.config.jwtSecret! },
  );
  app.jobs.define(WIDGET_HOUSEKEEPING_JOB, widgetHousekeepingJob(widget.usage, app.jobs.send.bind(app.jobs)));
  return {
    api: async (scope: FastifyInstance) => {
      await scope.register(widgetRoutes(widget));
      await scope.register(deployRoutes(widget));
    },
    root: widgetFrameRoutes(widget, app.config.widgetDistDir ?? defaultWidgetDist(), wordpressPlugin()),
  };
}
