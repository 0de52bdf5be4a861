import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SessionEnds } from '../auth/session-ends.js';
import { modelSettings } from '../lib/model-settings.js';
import type { AccountDeps } from '../modules/accounts/account-deps.js';
import { PasswordService } from '../modules/accounts/password-service.js';
import { ProfileService } from '../modules/accounts/profile-service.js';
import { RegistrationService } from '../modules/accounts/registration-service.js';
import { SessionService } from '../modules/accounts/session-service.js';
import { SocialService } from '../modules/accounts/social-service.js';
import { AssistantService } from '../modules/assistant/assistant-service.js';
import { BillingService } from '../modules/billing/billing-service.js';
import { PlanService } from '../modules/billing/plan-service.js';
import { stripeClient } from '../modules/billing/stripe-client.js';
import { TestCheckoutService } from '../modules/billing/test-checkout-service.js';
import { UsageAlertsService } from '../modules/billing/usage-alerts-service.js';
import { BuilderChatService } from '../modules/chat/builder-chat-service.js';
import type { ChatDeps } from '../modules/chat/chat-deps.js';
import { ConversationService } from '../modules/chat/conversation-service.js';
import { SparkAnswerService } from '../modules/chat/spark-answer-service.js';
import { DocumentsService, queueIngestion } from '../modules/documents/documents-service.js';
import { Embedder } from '../modules/documents/embedder.js';
import { ImportedDocumentsService } from '../modules/documents/imported-documents-service.js';
import { searchIndexSettler } from '../modules/documents/ingestion/search-index-settler.js';
import { IngestionService } from '../modules/documents/ingestion/ingestion-service.js';
import { RetrievalService } from '../modules/documents/retrieval-service.js';
import { AnswerPipelineService } from '../modules/answers/answer-pipeline-service.js';
import { ChannelTurnsService } from '../modules/channels/channel-turns-service.js';
import { modelSearchWordings, offlineSearchWordings } from '../llm/search-wordings.js';
import { DevMailboxService } from '../modules/dev-mailbox/dev-mailbox-service.js';
import { DomainCheckService } from '../modules/domain-check/domain-check-service.js';
import { HealthService } from '../modules/health/health-service.js';
import { ConversationExportService } from '../modules/insights/conversation-export-service.js';
import { InsightsService } from '../modules/insights/insights-service.js';
import { FeedbackService } from '../modules/insights/feedback-service.js';
import { GapsService } from '../modules/insights/gaps-service.js';
import { RequestsService } from '../modules/insights/requests-service.js';
import { OwnerAnswersService } from '../modules/documents/owner-answers-service.js';
import { SharepointService } from '../modules/integrations/sharepoint-service.js';
import { SHAREPOINT_SYNC_JOB } from '../modules/integrations/sharepoint-sync-job.js';
import { SharepointSyncService } from '../modules/integrations/sharepoint-sync-service.js';
import { ObjectivesService } from '../modules/objectives/objectives-service.js';
import { SparksService } from '../modules/sparks/sparks-service.js';
import { modelJudge } from '../modules/test-runs/model-judge.js';
import { modelProposer } from '../modules/test-runs/model-proposer.js';
import { TestCasesService } from '../modules/test-runs/test-cases-service.js';
import { TEST_RUN_JOB, TestRunsService } from '../modules/test-runs/test-runs-service.js';
import { PageReader } from '../modules/websites/page-reader.js';
import { WebFetcher } from '../lib/web-fetcher.js';
import { WebsitesService } from '../modules/websites/websites-service.js';
import { LiveBus } from '../modules/live/live-bus.js';
import { LiveService } from '../modules/live/live-service.js';
import { WhatsappCloud } from '../modules/whatsapp/whatsapp-cloud.js';
import { WhatsappInbox } from '../modules/whatsapp/whatsapp-inbox.js';
import { MetaGraph } from '../modules/messaging/meta-graph.js';
import { MessagingInbox } from '../modules/messaging/messaging-inbox.js';
import { MessagingLiveRelay } from '../modules/messaging/messaging-live-relay.js';
import { MessagingReplier } from '../modules/messaging/messaging-replier.js';
import { MessagingService } from '../modules/messaging/messaging-service.js';
import { TelegramBot } from '../modules/messaging/telegram-bot.js';
import { ActionsService } from '../modules/actions/actions-service.js';
import { ACTION_LIMITS } from '@sparks/contract';
import { WhatsappLiveRelay } from '../modules/whatsapp/whatsapp-live-relay.js';
import { WhatsappService } from '../modules/whatsapp/whatsapp-service.js';
import { DeploymentService } from '../modules/widget/deployment-service.js';
import { WidgetService } from '../modules/widget/widget-service.js';
import { TeamService } from '../modules/team/team-service.js';
import { AuditService } from '../modules/audit/audit-service.js';
import { ApiKeysService } from '../modules/developers/api-keys-service.js';
import { ApiAskService } from '../modules/developers/api-ask-service.js';
import { WebhooksService } from '../modules/webhooks/webhooks-service.js';
import { HAND_BACK_ANSWER_JOB } from '../modules/widget/hand-back-answer-job.js';

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service of the app, each made once here: routes and jobs take what they need from it. */
    services: Services;
  }
}

/**
 * The composition root: one instance of each service, given the others it works with. Services
 * know nothing of HTTP; the only app parts they see are the database, models, storage, mail and jobs.
 */
/** A webhook's receiver answers quickly and says little: what it says is only logged as a status. */
const WEBHOOK_TIMEOUT_MS = 10_000;
const WEBHOOK_ANSWER_BYTES = 64 * 1024;

function createServices(app: FastifyInstance) {
  const { config, log, jobs } = app;
  const db = app.database.db;
  const settings = modelSettings(app);
  const appSecret = config.jwtSecret!;
  // The offline responder answers from a script: it can neither grade answers nor propose checks.
  const offline = config.llm.provider === 'offline';
  const send = jobs.send.bind(jobs);
  // Where every service announces what happened, for the account's webhooks; deliveries go through the one outbound rule.
  const webhooks = new WebhooksService({
    db,
    appSecret,
    send,
    log,
    fetcher: new WebFetcher({
      allowLoopback: config.crawlAllowLoopback,
      maxBytes: WEBHOOK_ANSWER_BYTES,
      pageTimeoutMs: WEBHOOK_TIMEOUT_MS,
      readTimeoutMs: WEBHOOK_TIMEOUT_MS,
      userAgent: 'Sparks-Webhooks',
    }),
  });

  const plans = new PlanService(db);
  const sparks = new SparksService(db, plans);
  const conversations = new ConversationService(db);
  const objectives = new ObjectivesService(db);
  // Questions are searched in other wordings too: a model rewords them; without one, Apertium translates (when installed).
  const offlineWordings = offlineSearchWordings(app.offlineTranslator);
  const wordings = offline ? offlineWordings : modelSearchWordings(settings, offlineWordings);
  const retrieval = new RetrievalService(db, { embeddingModel: app.embeddingModel, log, wordings });
  const files = { storage: app.fileStorage, onQueued: queueIngestion(jobs, log) };
  const documents = new DocumentsService(db, { ...files, sparks, conversations, plans });
  const imported = new ImportedDocumentsService(db, documents, files);
  const embedder = app.embeddingModel ? new Embedder(db, app.embeddingModel) : undefined;

  const liveBus = new LiveBus(app.database, log);
  const live = new LiveService(db, { sparks, bus: liveBus, events: webhooks });
  const websites = new WebsitesService(db, {
    sparks,
    plans,
    imported,
    fetcher: new WebFetcher({ allowLoopback: config.crawlAllowLoopback, readTimeoutMs: config.crawlReadTimeoutMs, pageTimeoutMs: config.crawlPageTimeoutMs }),
    // One warm reader for each site crawled or read at once.
    reader: new PageReader(config.crawlConcurrency),
    send,
    log,
  });
  // An action's call goes through the same outbound rule as a crawl, with its own time and size caps.
  const actions = new ActionsService(db, {
    sparks,
    plans,
    fetcher: new WebFetcher({
      allowLoopback: config.crawlAllowLoopback,
      maxBytes: ACTION_LIMITS.answerBytes,
      pageTimeoutMs: ACTION_LIMITS.callSeconds * 1000,
      readTimeoutMs: ACTION_LIMITS.callSeconds * 1000,
      userAgent: 'Sparks-Actions',
    }),
    mailer: app.mailer,
    appSecret,
    allowLoopback: config.crawlAllowLoopback,
    runsPerSparkHour: config.actionRunsPerSparkHour,
    events: webhooks,
  });
  const pipeline = new AnswerPipelineService({ retrieval, settings, actions });
  const chat: ChatDeps = { sparks, conversations, pipeline, plans, objectives, settings, actions };
  const answers = new SparkAnswerService(chat);

  const testCases = new TestCasesService(db, { sparks, conversations, documents, actions }, offline ? undefined : modelProposer(settings));
  const ownerAnswers = new OwnerAnswersService(db, documents, files);
  const gaps = new GapsService(db, { sparks, answers, ownerAnswers, testCases });
  const feedback = new FeedbackService(db, gaps, webhooks);
  const requests = new RequestsService(db, {
    sparks,
    conversations,
    ownerAnswers,
    live,
    mailer: app.mailer,
    publicUrl: config.publicUrl,
    actions,
    events: webhooks,
  });
  // The channel layer: every channel's visitors answered by one conversation service.
  const channels = new ChannelTurnsService(db, { actions, answers, conversations, feedback, gaps, live, plans, events: webhooks });
  const widget = new WidgetService(db, { sparks, plans, channels, conversations, requests, live }, { appSecret, privacyPolicyUrl: config.privacyPolicyUrl });
  // Whether a person has a visitor's conversation: then the Spark does not answer, nor show itself typing.
  const personHolds = async (sparkId: string, visitorHash: string) => (await live.takenOverFor(sparkId, visitorHash)) !== null;
  const whatsappCloud = new WhatsappCloud(config.whatsappGraphUrl);
  const whatsapp = new WhatsappService(db, { sparks, cloud: whatsappCloud, appSecret });
  // The owner's messages in a WhatsApp conversation taken over go out on WhatsApp.
  live.relayTo(new WhatsappLiveRelay(db, { channels: whatsapp, cloud: whatsappCloud }).relay);
  const whatsappInbox = new WhatsappInbox(db, {
    channels: whatsapp,
    turns: channels,
    cloud: whatsappCloud,
    appSecret,
    send,
    personHolds,
  });
  // Messenger, Instagram and Telegram: one module, one reply job, the person's messages from Live relayed there too.
  const messaging = new MessagingService(db, {
    sparks,
    graph: new MetaGraph(config.metaGraphUrl),
    telegram: new TelegramBot(config.telegramApiUrl),
    appSecret,
  });
  live.relayTo(new MessagingLiveRelay(db, { channels: messaging }).relay);
  const messagingInbox = new MessagingInbox(db, { channels: messaging, turns: channels, appSecret, send });
  const messagingReplier = new MessagingReplier(db, { channels: messaging, turns: channels, personHolds });
  // Handed back, the Spark answers what the person left unanswered: on each platform through its reply job, on the widget through its own.
  live.onHandBack(async ({ sparkId, visitorHash, channel }) => {
    try {
      if (channel === 'whatsapp') await whatsappInbox.handedBack(sparkId, visitorHash);
      else if (channel === 'messenger' || channel === 'instagram' || channel === 'telegram') await messagingInbox.handedBack(sparkId, visitorHash);
      // The API's conversation is read again by the developer's app: nothing is sent.
      else if (channel === 'api') return;
      else await send(HAND_BACK_ANSWER_JOB, { sparkId, visitorHash }, `${sparkId}:${visitorHash}`);
    } catch (error) {
      log.warn({ err: error, sparkId }, 'the answer after a hand-back was not queued');
    }
  });

  // What a session keeps open (an owner's live streams) ends with it, on every instance.
  const sessionEnds = new SessionEnds(app.database, log);
  const accountDeps: AccountDeps = {
    db,
    sessionEnds,
    mailer: app.mailer,
    accessTokens: app.accessTokens,
    log,
    secret: appSecret,
    publicUrl: config.publicUrl,
    sessionTtlDays: config.sessionTtlDays,
    refreshReuseSeconds: config.refreshReuseSeconds,
    trialDays: config.trialDays,
  };
  const sessions = new SessionService(accountDeps);
  const profiles = new ProfileService(accountDeps);

  const stripe = stripeClient(config.payments);
  const billing = new BillingService(db, {
    stripe,
    stripeWebhookSecret: config.payments.stripeWebhookSecret,
    stripePrices: config.payments.stripePrices,
  });

  const sharepointSettings = config.sharepoint;
  const onSyncQueued = async (integrationId: string) => {
    // Without SharePoint settings there is no job, and no connection can exist to sync.
    if (sharepointSettings)
      await send(SHAREPOINT_SYNC_JOB, { integrationId }, integrationId).catch((error: unknown) =>
        log.warn({ err: error, integrationId }, 'sync job not sent; the sweep will send it'),
      );
  };

  return {
    accountDeps,
    sessions,
    registration: new RegistrationService(accountDeps, sessions),
    passwords: new PasswordService(accountDeps),
    profiles,
    social: new SocialService(accountDeps, config.socialProviders),
    plans,
    billing,
    /** The built-in test checkout, only where no payment provider is configured. */
    testCheckout: stripe ? undefined : new TestCheckoutService(db, billing),
    usageAlerts: new UsageAlertsService(db, { mailer: app.mailer, billingUrl: `${config.publicUrl.replace(/\/$/, '')}/billing` }),
    sparks,
    conversations,
    objectives,
    retrieval,
    documents,
    imported,
    ingestion: new IngestionService(db, {
      storage: app.fileStorage,
      log,
      embedder,
      timeoutSeconds: config.jobs.ingestionTimeoutSeconds,
      ocrPagesOf: async (tenantId) => (await plans.planOf(tenantId)).plan.limits.ocrPagesPerDocument,
      events: webhooks,
      ...(app.database.engine === 'pglite' ? { settleSearchIndex: searchIndexSettler(db) } : {}),
    }),
    builder: new BuilderChatService({ ...chat, websites }),
    answers,
    pipeline,
    assistant: new AssistantService({ sparks, profiles, objectives, conversations, plans }, settings),
    websites,
    deployments: new DeploymentService(db, { sparks, plans, channels }, { publicUrlSet: config.publicUrlSet }),
    channels,
    widget,
    whatsapp,
    whatsappInbox,
    messaging,
    messagingInbox,
    messagingReplier,
    actions,
    apiKeys: new ApiKeysService({ db, plans, sparks }),
    webhooks,
    apiAsk: new ApiAskService({ channels, conversations, appSecret }),
    sharepoint: new SharepointService(db, { settings: sharepointSettings, publicUrl: config.publicUrl, appSecret, sparks, plans, imported, onSyncQueued, log }),
    /** Only where SharePoint is configured: without settings no connection can exist to sync. */
    sharepointSyncs: sharepointSettings ? new SharepointSyncService(db, { settings: sharepointSettings, appSecret, plans, imported, log }) : undefined,
    testCases,
    testRuns: new TestRunsService(db, {
      answers,
      judge: offline ? undefined : modelJudge(settings),
      sparks,
      documents,
      log,
      onQueued: (runId) => send(TEST_RUN_JOB, { runId }, runId),
    }),
    conversationExport: new ConversationExportService(db, sparks),
    ownerAnswers,
    gaps,
    feedback,
    requests,
    insights: new InsightsService(db, sparks),
    health: new HealthService(app.database),
    domainCheck: new DomainCheckService(log, config.dnsServers),
    devMailbox: new DevMailboxService(db),
    live,
    liveBus,
    sessionEnds,
    auditLog: new AuditService(db),
    team: new TeamService({
      db,
      mailer: app.mailer,
      sessionEnds,
      seatsOf: async (tenantId) => (await plans.planOf(tenantId)).plan.limits.seats,
      publicUrl: config.publicUrl,
      log,
    }),
  };
}

export const servicesPlugin = fp(
  async (app) => {
    const services = createServices(app);
    app.decorate('services', services);
    // Live conversations hear each other across instances while the app runs, and sessions' ends reach their streams.
    await services.liveBus.start();
    await services.sessionEnds.start();
    // Open streams end before the server waits for its connections; the listening stops with the app.
    app.addHook('preClose', async () => services.liveBus.endStreams());
    app.addHook('onClose', () => services.liveBus.stop().catch(() => undefined));
    app.addHook('onClose', () => services.sessionEnds.stop().catch(() => undefined));
    // The crawler's warm reading threads stop with the app.
    app.addHook('onClose', () => services.websites.close());
  },
  { name: 'services', dependencies: ['config', 'database', 'mailer', 'auth', 'llm', 'storage', 'jobs'] },
);
