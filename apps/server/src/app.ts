import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { LIMITS } from '@sparks/contract';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupBeforeMigrating } from './backup/pre-migration-backup.js';
import type { Config } from './config/config.js';
import { openDatabase, type Database } from './db/database.js';
import { serverRoot } from './lib/server-root.js';
import { accountsModule } from './modules/accounts/accounts-module.js';
import { assistantModule } from './modules/assistant/assistant-module.js';
import { billingModule } from './modules/billing/billing-module.js';
import { chatModule } from './modules/chat/chat-module.js';
import { devMailboxModule } from './modules/dev-mailbox/dev-mailbox-module.js';
import { documentsModule } from './modules/documents/documents-module.js';
import { domainCheckModule } from './modules/domain-check/domain-check-module.js';
import { healthModule } from './modules/health/health-module.js';
import { insightsModule } from './modules/insights/insights-module.js';
import { integrationsModule } from './modules/integrations/integrations-module.js';
import { websitesModule } from './modules/websites/websites-module.js';
import { liveModule } from './modules/live/live-module.js';
import { whatsappModule } from './modules/whatsapp/whatsapp-module.js';
import { messagingModule } from './modules/messaging/messaging-module.js';
import { actionsModule } from './modules/actions/actions-module.js';
import { objectivesModule } from './modules/objectives/objectives-module.js';
import { privacyModule } from './modules/privacy/privacy-module.js';
import { sparksModule } from './modules/sparks/sparks-module.js';
import { testRunsModule } from './modules/test-runs/test-runs-module.js';
import { widgetModule } from './modules/widget/widget-module.js';
import { routeAccessPlugin } from './plugins/route-access-plugin.js';
import { idempotencyPlugin } from './plugins/idempotency-plugin.js';
import { auditPlugin } from './plugins/audit-plugin.js';
import { teamModule } from './modules/team/team-module.js';
import { auditModule } from './modules/audit/audit-module.js';
import { developersModule } from './modules/developers/developers-module.js';
import { webhooksModule } from './modules/webhooks/webhooks-module.js';
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
import { servicesPlugin } from './plugins/services-plugin.js';
import { webAppPlugin } from './plugins/web-app-plugin.js';

export interface BuildAppOptions {
  config: Config & { jwtSecret: string };
  /** An already open database (tests share one across apps); otherwise the app opens and owns its own. */
  database?: Database;
  /** Where log lines go instead of standard output (tests read what the server logged). */
  logStream?: { write(line: string): void };
}

const defaultWebDist = (): string => join(serverRoot(), '..', 'web', 'dist');

/** Builds the whole API: external plugins, then app plugins, the services built once, then the feature modules. */
export async function buildApp({ config, database, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const db =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // The embedded database saves itself before its schema changes; PostgreSQL has its operator's backups.
      beforeMigrating: config.databaseUrl ? undefined : backupBeforeMigrating(config),
    }));
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
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
  // Before any route is registered: each one is checked for who may call it (docs/decisions/0038).
  await app.register(routeAccessPlugin);
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

  await app.register(servicesPlugin);
  await app.register(auditPlugin);
  await app.register(idempotencyPlugin);

  // Each module registers its own routes (API routes under API_BASE_PATH) and its jobs.
  for (const module of [
    healthModule,
    accountsModule,
    sparksModule,
    chatModule,
    documentsModule,
    objectivesModule,
    assistantModule,
    billingModule,
    widgetModule,
    integrationsModule,
    websitesModule,
    liveModule,
    whatsappModule,
    messagingModule,
    actionsModule,
    testRunsModule,
    insightsModule,
    domainCheckModule,
    teamModule,
    auditModule,
    developersModule,
    webhooksModule,
    privacyModule,
    devMailboxModule,
  ])
    await app.register(module);

  await app.register(webAppPlugin, { webDistDir: config.webDistDir ?? defaultWebDist() });
  return app;
}
