import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { API_BASE_PATH, LIMITS } from '@sparks/contract';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/config.js';
import { openDatabase, type Database } from './db/database.js';
import { serverRoot } from './lib/server-root.js';
import { chatRoutes } from './modules/chat/chat-routes.js';
import { accountsModule } from './modules/accounts/accounts-module.js';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox-routes.js';
import { privacyRoutes } from './modules/privacy/privacy-routes.js';
import { domainCheckRoutes } from './modules/domain-check/domain-check-routes.js';
import { healthRoutes } from './modules/health/health-routes.js';
import { sparksRoutes } from './modules/sparks/sparks-routes.js';
import { documentsRoutes } from './modules/documents/documents-routes.js';
import { objectivesRoutes } from './modules/objectives/objectives-routes.js';
import { assistantRoutes } from './modules/assistant/assistant-routes.js';
import { billingRoutes } from './modules/billing/billing-routes.js';
import { widgetModule } from './modules/widget/widget-module.js';
import { integrationsModule } from './modules/integrations/integrations-module.js';
import { testRunsModule } from './modules/test-runs/test-runs-module.js';
import { authPlugin } from './plugins/auth-plugin.js';
import { llmPlugin } from './plugins/llm-plugin.js';
import { jobsPlugin } from './plugins/jobs-plugin.js';
import { storagePlugin } from './plugins/storage-plugin.js';
import { mailerPlugin } from './plugins/mailer-plugin.js';
import { configPlugin } from './plugins/config-plugin.js';
import { databasePlugin } from './plugins/database-plugin.js';
import { docsPlugin } from './plugins/docs-plugin.js';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler-plugin.js';
import { requestLogPlugin } from './plugins/request-log-plugin.js';
import { securityPlugin } from './plugins/security-plugin.js';
import { webAppPlugin } from './plugins/web-app-plugin.js';

export interface BuildAppOptions {
  config: Config & { jwtSecret: string };
  /** An already open database (tests share one across apps); otherwise the app opens and owns its own. */
  database?: Database;
}

const defaultWebDist = (): string => join(serverRoot(), '..', 'web', 'dist');

/** Builds the whole API: external plugins, then app plugins, then the feature modules under /api/v1. */
export async function buildApp({ config, database }: BuildAppOptions): Promise<FastifyInstance> {
  const db = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const app = Fastify({
    logger: { level: config.logLevel },
    // Fastify's own two lines per request are replaced by the one line of requestLogPlugin.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(errorHandlerPlugin);
  await app.register(requestLogPlugin);
  await app.register(securityPlugin);
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1 } });
  await app.register(docsPlugin);
  await app.register(databasePlugin, { database: db, owned: !database });
  await app.register(mailerPlugin);
  await app.register(authPlugin);
  await app.register(llmPlugin);
  await app.register(storagePlugin);
  await app.register(jobsPlugin);

  const widget = widgetModule(app);
  const integrations = integrationsModule(app);
  const testRuns = testRunsModule(app);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(accountsModule);
      await api.register(sparksRoutes);
      await api.register(chatRoutes);
      await api.register(documentsRoutes);
      await api.register(objectivesRoutes);
      await api.register(assistantRoutes);
      await api.register(billingRoutes);
      await api.register(widget.api);
      await api.register(integrations);
      await api.register(testRuns);
    },
    { prefix: API_BASE_PATH },
  );
  await app.register(widget.root);

  await app.register(domainCheckRoutes, { dnsServers: config.dnsServers });
  await app.register(privacyRoutes);
  if (config.env !== 'production' && !config.mail.smtpUrl) await app.register(devMailboxRoutes);

  await app.register(webAppPlugin, { webDistDir: config.webDistDir ?? defaultWebDist() });
  return app;
}
