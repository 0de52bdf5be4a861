import { WIDGET_API_PATHS } from './widget-api-paths.js';

export { fillPath } from './api-path.js';
export { WIDGET_API_PATHS } from './widget-api-paths.js';

/**
 * The one route the specification places outside API_BASE_PATH: the sign-up form's domain check
 * (product.md §5), answering `{ dns }`. Server and web app both take its path from here.
 */
export const DOMAIN_CHECK_PATH = { method: 'GET', path: '/api/domain/:domain' } as const;

/** The HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every JSON route of the API: its method and its path under API_BASE_PATH, in Fastify's `:param`
 * form. The server registers these paths and the web app and the widget call them; their schemas
 * are in api-routes.ts. This file has no zod, so the widget can use it within its weight budget.
 */
export const API_PATHS = {
  // Accounts (product.md §7)
  register: { method: 'POST', path: '/auth/register' },
  sendCode: { method: 'POST', path: '/auth/send-code' },
  verifyCode: { method: 'POST', path: '/auth/verify-code' },
  login: { method: 'POST', path: '/auth/login' },
  exchangeToken: { method: 'GET', path: '/auth/exchange-token' },
  refreshToken: { method: 'POST', path: '/auth/refresh-token' },
  logout: { method: 'POST', path: '/auth/logout' },
  forgotPassword: { method: 'POST', path: '/users/forgot-password' },
  resetPassword: { method: 'POST', path: '/users/reset-password' },
  getProfile: { method: 'GET', path: '/account/profile' },
  updateProfile: { method: 'PATCH', path: '/account/profile' },
  socialProviders: { method: 'GET', path: '/auth/providers' },
  socialLogin: { method: 'GET', path: '/auth/service/:provider/login' },
  // Sparks and test tabs
  createSpark: { method: 'POST', path: '/sparks' },
  listSparks: { method: 'GET', path: '/sparks' },
  updateSpark: { method: 'PATCH', path: '/sparks/:sparkId' },
  deleteSpark: { method: 'DELETE', path: '/sparks/:sparkId' },
  createTest: { method: 'POST', path: '/sparks/:sparkId/tests' },
  listTests: { method: 'GET', path: '/sparks/:sparkId/tests' },
  getTest: { method: 'GET', path: '/sparks/:sparkId/tests/:testId' },
  renameTest: { method: 'PATCH', path: '/sparks/:sparkId/tests/:testId' },
  deleteTest: { method: 'DELETE', path: '/sparks/:sparkId/tests/:testId' },
  reportTestError: { method: 'POST', path: '/sparks/:sparkId/tests/:testId/error' },
  // Chats
  builderChat: { method: 'POST', path: '/llm/chat' },
  testChat: { method: 'POST', path: '/sparks/:sparkId/chat/:testSparkId' },
  testChatAction: { method: 'POST', path: '/sparks/:sparkId/chat/:testSparkId/actions/:actionId' },
  loadDocMessage: { method: 'POST', path: '/llm/load-doc-message' },
  chatHistory: { method: 'GET', path: '/llm/chat-history/:id' },
  latestConversation: { method: 'GET', path: '/sparks/:sparkId/conversations/latest' },
  systemChat: { method: 'GET', path: '/spark-sys/:sparkname/chat' },
  systemHistory: { method: 'GET', path: '/spark-sys/conversations/:id' },
  // Documents
  upload: { method: 'POST', path: '/bucket' },
  listDocuments: { method: 'GET', path: '/sparks/:sparkId/documents' },
  documentAllowance: { method: 'GET', path: '/documents/allowance' },
  getDocument: { method: 'GET', path: '/sparks/:sparkId/documents/:documentId' },
  deleteDocument: { method: 'DELETE', path: '/sparks/:sparkId/documents/:documentId' },
  readDocumentAgain: { method: 'POST', path: '/sparks/:sparkId/documents/:documentId/read-again' },
  getPassage: { method: 'GET', path: '/sparks/:sparkId/passages/:chunkId' },
  search: { method: 'GET', path: '/sparks/:sparkId/search' },
  // Objectives
  profileMenuObjectives: { method: 'GET', path: '/objectives/profile-menu' },
  objectives: { method: 'GET', path: '/objectives/:id' },
  reportObjectiveStep: { method: 'PATCH', path: '/objectives/:id' },
  // Billing
  planUsage: { method: 'GET', path: '/billing/usage' },
  prices: { method: 'GET', path: '/prices' },
  startCheckout: { method: 'POST', path: '/billing/customers/:customerId/session' },
  openPortal: { method: 'POST', path: '/billing/customers/:customerId/portal' },
  subscriptions: { method: 'GET', path: '/billing/subscriptions/:customerId' },
  // Saved tests
  caseProposal: { method: 'GET', path: '/sparks/:sparkId/tests/:testId/case-proposal' },
  listTestCases: { method: 'GET', path: '/sparks/:sparkId/test-cases' },
  createTestCase: { method: 'POST', path: '/sparks/:sparkId/test-cases' },
  updateTestCase: { method: 'PATCH', path: '/sparks/:sparkId/test-cases/:caseId' },
  deleteTestCase: { method: 'DELETE', path: '/sparks/:sparkId/test-cases/:caseId' },
  listTestRuns: { method: 'GET', path: '/sparks/:sparkId/test-runs' },
  requestTestRun: { method: 'POST', path: '/sparks/:sparkId/test-runs' },
  // Deploy and the widget
  deployment: { method: 'GET', path: '/sparks/:sparkId/deploy' },
  configureDeployment: { method: 'PATCH', path: '/sparks/:sparkId/deploy' },
  rotateDeployToken: { method: 'POST', path: '/sparks/:sparkId/deploy/rotate' },
  visitorConversations: { method: 'GET', path: '/sparks/:sparkId/visitor-conversations' },
  exportConversations: { method: 'GET', path: '/sparks/:sparkId/conversations/export' },
  widgetLook: WIDGET_API_PATHS.widgetLook,
  widgetChat: WIDGET_API_PATHS.widgetChat,
  widgetConversation: WIDGET_API_PATHS.widgetConversation,
  widgetFeedback: WIDGET_API_PATHS.widgetFeedback,
  widgetContact: WIDGET_API_PATHS.widgetContact,
  widgetAction: WIDGET_API_PATHS.widgetAction,
  // Insights, the knowledge-gap inbox, owner answers and visitors' requests
  testFeedback: { method: 'PUT', path: '/sparks/:sparkId/feedback' },
  insights: { method: 'GET', path: '/sparks/:sparkId/insights' },
  listGaps: { method: 'GET', path: '/sparks/:sparkId/gaps' },
  answerGap: { method: 'POST', path: '/sparks/:sparkId/gaps/:gapId/answer' },
  resolveGap: { method: 'POST', path: '/sparks/:sparkId/gaps/:gapId/resolve' },
  checkGap: { method: 'POST', path: '/sparks/:sparkId/gaps/:gapId/check' },
  getOwnerAnswer: { method: 'GET', path: '/sparks/:sparkId/answers/:documentId' },
  updateOwnerAnswer: { method: 'PUT', path: '/sparks/:sparkId/answers/:documentId' },
  listRequests: { method: 'GET', path: '/sparks/:sparkId/requests' },
  answerRequest: { method: 'POST', path: '/sparks/:sparkId/requests/:requestId/answer' },
  deleteRequest: { method: 'DELETE', path: '/sparks/:sparkId/requests/:requestId' },
  // Document libraries
  authorizeIntegration: { method: 'GET', path: '/sparks/:sparkId/integrations/microsoft/authorize' },
  sharepointStatus: { method: 'GET', path: '/sparks/:sparkId/integrations/sharepoint' },
  sharepointSites: { method: 'GET', path: '/sparks/:sparkId/integrations/sharepoint/sites' },
  sharepointDrives: { method: 'GET', path: '/sparks/:sparkId/integrations/sharepoint/sites/:siteId/drives' },
  sharepointFolders: { method: 'GET', path: '/sparks/:sparkId/integrations/sharepoint/drives/:driveId/folders' },
  sharepointSelection: { method: 'PUT', path: '/sparks/:sparkId/integrations/sharepoint/selection' },
  sharepointSync: { method: 'POST', path: '/sparks/:sparkId/integrations/sharepoint/sync' },
  disconnectSharepoint: { method: 'DELETE', path: '/sparks/:sparkId/integrations/sharepoint' },
  // Websites as knowledge
  listWebsites: { method: 'GET', path: '/sparks/:sparkId/websites' },
  addWebsite: { method: 'POST', path: '/sparks/:sparkId/websites' },
  getWebsite: { method: 'GET', path: '/sparks/:sparkId/websites/:websiteId' },
  cancelWebsite: { method: 'POST', path: '/sparks/:sparkId/websites/:websiteId/cancel' },
  importWebsite: { method: 'POST', path: '/sparks/:sparkId/websites/:websiteId/import' },
  syncWebsite: { method: 'POST', path: '/sparks/:sparkId/websites/:websiteId/sync' },
  updateWebsite: { method: 'PATCH', path: '/sparks/:sparkId/websites/:websiteId' },
  deleteWebsite: { method: 'DELETE', path: '/sparks/:sparkId/websites/:websiteId' },
  // Live conversations: the owner watches, takes over and hands back (docs/decisions/0030)
  liveConversations: { method: 'GET', path: '/sparks/:sparkId/live' },
  liveSparkEvents: { method: 'GET', path: '/sparks/:sparkId/live/events' },
  liveTranscript: { method: 'GET', path: '/sparks/:sparkId/live/:conversationId' },
  liveEvents: { method: 'GET', path: '/sparks/:sparkId/live/:conversationId/events' },
  takeOver: { method: 'POST', path: '/sparks/:sparkId/live/:conversationId/take-over' },
  handBack: { method: 'POST', path: '/sparks/:sparkId/live/:conversationId/hand-back' },
  ownerMessage: { method: 'POST', path: '/sparks/:sparkId/live/:conversationId/messages' },
  ownerTyping: { method: 'POST', path: '/sparks/:sparkId/live/:conversationId/typing' },
  saveLiveAnswer: { method: 'POST', path: '/sparks/:sparkId/live/:conversationId/knowledge' },
  // WhatsApp: the owner's channel, and Meta's webhook (docs/decisions/0031)
  getWhatsapp: { method: 'GET', path: '/sparks/:sparkId/whatsapp' },
  connectWhatsapp: { method: 'PUT', path: '/sparks/:sparkId/whatsapp' },
  updateWhatsapp: { method: 'PATCH', path: '/sparks/:sparkId/whatsapp' },
  disconnectWhatsapp: { method: 'DELETE', path: '/sparks/:sparkId/whatsapp' },
  testWhatsapp: { method: 'POST', path: '/sparks/:sparkId/whatsapp/test' },
  whatsappVerify: { method: 'GET', path: '/whatsapp/:channelId/webhook' },
  whatsappWebhook: { method: 'POST', path: '/whatsapp/:channelId/webhook' },
  getMessaging: { method: 'GET', path: '/sparks/:sparkId/channels/:platform' },
  connectMeta: { method: 'PUT', path: '/sparks/:sparkId/channels/meta' },
  connectTelegram: { method: 'PUT', path: '/sparks/:sparkId/channels/telegram' },
  updateMessaging: { method: 'PATCH', path: '/sparks/:sparkId/channels/:platform' },
  disconnectMessaging: { method: 'DELETE', path: '/sparks/:sparkId/channels/:platform' },
  testMessaging: { method: 'POST', path: '/sparks/:sparkId/channels/:platform/test' },
  metaVerify: { method: 'GET', path: '/meta/:channelId/webhook' },
  metaWebhook: { method: 'POST', path: '/meta/:channelId/webhook' },
  telegramWebhook: { method: 'POST', path: '/telegram/:channelId/webhook' },
  listActions: { method: 'GET', path: '/sparks/:sparkId/actions' },
  createAction: { method: 'POST', path: '/sparks/:sparkId/actions' },
  updateAction: { method: 'PUT', path: '/sparks/:sparkId/actions/:actionId' },
  deleteAction: { method: 'DELETE', path: '/sparks/:sparkId/actions/:actionId' },
  tryAction: { method: 'POST', path: '/sparks/:sparkId/actions/:actionId/try' },
  actionRuns: { method: 'GET', path: '/sparks/:sparkId/action-runs' },
  widgetLive: WIDGET_API_PATHS.widgetLive,
  widgetTyping: WIDGET_API_PATHS.widgetTyping,
  health: { method: 'GET', path: '/health' },
  // The account as a team (members, invitations, switching accounts)
  team: { method: 'GET', path: '/team' },
  inviteMember: { method: 'POST', path: '/team/invitations' },
  resendInvitation: { method: 'POST', path: '/team/invitations/:invitationId/resend' },
  revokeInvitation: { method: 'DELETE', path: '/team/invitations/:invitationId' },
  updateMember: { method: 'PATCH', path: '/team/members/:userId' },
  removeMember: { method: 'DELETE', path: '/team/members/:userId' },
  invitationPreview: { method: 'GET', path: '/invitations/:token' },
  acceptInvitation: { method: 'POST', path: '/invitations/:token/accept' },
  switchAccount: { method: 'POST', path: '/account/switch' },
  auditLog: { method: 'GET', path: '/team/audit' },
  exportAudit: { method: 'GET', path: '/team/audit/export' },
  updateMyMembership: { method: 'PATCH', path: '/team/me' },
  transferOwnership: { method: 'POST', path: '/team/transfer' },
  deleteAccount: { method: 'DELETE', path: '/team/account' },
  // For the owner's developers: API keys, and what a key calls (docs/decisions/0043)
  listApiKeys: { method: 'GET', path: '/developers/keys' },
  createApiKey: { method: 'POST', path: '/developers/keys' },
  revokeApiKey: { method: 'DELETE', path: '/developers/keys/:keyId' },
  askSpark: { method: 'POST', path: '/sparks/:sparkId/ask' },
  uploadToSpark: { method: 'POST', path: '/sparks/:sparkId/documents' },
  listWebhooks: { method: 'GET', path: '/developers/webhooks' },
  createWebhook: { method: 'POST', path: '/developers/webhooks' },
  updateWebhook: { method: 'PATCH', path: '/developers/webhooks/:webhookId' },
  deleteWebhook: { method: 'DELETE', path: '/developers/webhooks/:webhookId' },
  rotateWebhookSecret: { method: 'POST', path: '/developers/webhooks/:webhookId/rotate' },
  webhookDeliveries: { method: 'GET', path: '/developers/webhooks/:webhookId/deliveries' },
  redeliverWebhook: { method: 'POST', path: '/developers/webhooks/:webhookId/deliveries/:deliveryId/redeliver' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type ApiRouteName = keyof typeof API_PATHS;
