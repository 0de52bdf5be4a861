import type { ApiRouteName, Permission, SystemTopic } from '@sparks/contract';

/**
 * Who may call a route (docs/decisions/0038):
 * - `public`: anyone; the route itself decides what it answers (sign-in, health, static files);
 * - `visitor`: a website visitor or a platform, who proves it with a credential the route checks
 *   itself (a deploy token, a signed webhook, a one-time checkout id);
 * - `signed-in`: any member of the account, for what is theirs alone (their profile, logging out);
 * - a permission: a member whose role allows it (`ROLE_PERMISSIONS`).
 */
export type RouteAccess = 'public' | 'visitor' | 'signed-in' | Permission;

/**
 * Every route of the contract's table and who may call it. The type makes the table complete: a
 * route added to the contract does not compile until it is declared here.
 */
export const ROUTE_ACCESS: Record<ApiRouteName, RouteAccess> = {
  register: 'public',
  sendCode: 'public',
  verifyCode: 'public',
  login: 'public',
  exchangeToken: 'public',
  refreshToken: 'public',
  logout: 'signed-in',
  forgotPassword: 'public',
  resetPassword: 'public',
  getProfile: 'signed-in',
  updateProfile: 'signed-in',
  socialProviders: 'public',
  socialLogin: 'public',

  createSpark: 'sparks.edit',
  listSparks: 'sparks.read',
  updateSpark: 'sparks.edit',
  deleteSpark: 'sparks.edit',
  createTest: 'sparks.edit',
  listTests: 'sparks.read',
  getTest: 'sparks.read',
  renameTest: 'sparks.edit',
  deleteTest: 'sparks.edit',
  reportTestError: 'sparks.edit',

  builderChat: 'sparks.edit',
  testChat: 'sparks.edit',
  testChatAction: 'sparks.edit',
  loadDocMessage: 'sparks.edit',
  chatHistory: 'sparks.read',
  latestConversation: 'sparks.read',
  // The guiding assistant: each topic asks its own permission (SYSTEM_TOPIC_ACCESS); a conversation is its user's own.
  systemChat: 'signed-in',
  systemHistory: 'signed-in',

  upload: 'sparks.edit',
  listDocuments: 'sparks.read',
  documentAllowance: 'sparks.read',
  getDocument: 'sparks.read',
  deleteDocument: 'sparks.edit',
  readDocumentAgain: 'sparks.edit',
  getPassage: 'sparks.read',
  search: 'sparks.read',

  profileMenuObjectives: 'signed-in',
  objectives: 'signed-in',
  reportObjectiveStep: 'signed-in',

  // The plan's usage shows in every member's header; choosing and paying is the owner's.
  planUsage: 'signed-in',
  prices: 'signed-in',
  startCheckout: 'billing.manage',
  openPortal: 'billing.manage',
  subscriptions: 'billing.manage',

  caseProposal: 'sparks.edit',
  listTestCases: 'sparks.read',
  createTestCase: 'sparks.edit',
  updateTestCase: 'sparks.edit',
  deleteTestCase: 'sparks.edit',
  listTestRuns: 'sparks.read',
  requestTestRun: 'sparks.edit',

  deployment: 'sparks.read',
  configureDeployment: 'sparks.edit',
  rotateDeployToken: 'sparks.edit',
  visitorConversations: 'conversations.read',
  exportConversations: 'conversations.read',
  widgetLook: 'visitor',
  widgetChat: 'visitor',
  widgetConversation: 'visitor',
  widgetFeedback: 'visitor',
  widgetContact: 'visitor',
  widgetAction: 'visitor',
  widgetLive: 'visitor',
  widgetTyping: 'visitor',

  testFeedback: 'sparks.edit',
  insights: 'insights.read',
  listGaps: 'insights.read',
  answerGap: 'gaps.handle',
  resolveGap: 'gaps.handle',
  checkGap: 'gaps.handle',
  getOwnerAnswer: 'sparks.read',
  updateOwnerAnswer: 'gaps.handle',
  listRequests: 'conversations.read',
  answerRequest: 'live.handle',
  deleteRequest: 'live.handle',

  authorizeIntegration: 'sparks.edit',
  sharepointStatus: 'sparks.edit',
  sharepointSites: 'sparks.edit',
  sharepointDrives: 'sparks.edit',
  sharepointFolders: 'sparks.edit',
  sharepointSelection: 'sparks.edit',
  sharepointSync: 'sparks.edit',
  disconnectSharepoint: 'sparks.edit',

  listWebsites: 'sparks.read',
  addWebsite: 'sparks.edit',
  getWebsite: 'sparks.read',
  cancelWebsite: 'sparks.edit',
  importWebsite: 'sparks.edit',
  syncWebsite: 'sparks.edit',
  updateWebsite: 'sparks.edit',
  deleteWebsite: 'sparks.edit',

  liveConversations: 'conversations.read',
  liveSparkEvents: 'conversations.read',
  liveTranscript: 'conversations.read',
  liveEvents: 'conversations.read',
  takeOver: 'live.handle',
  handBack: 'live.handle',
  ownerMessage: 'live.handle',
  ownerTyping: 'live.handle',
  saveLiveAnswer: 'gaps.handle',

  getWhatsapp: 'sparks.read',
  connectWhatsapp: 'sparks.edit',
  updateWhatsapp: 'sparks.edit',
  disconnectWhatsapp: 'sparks.edit',
  testWhatsapp: 'sparks.edit',
  whatsappVerify: 'visitor',
  whatsappWebhook: 'visitor',
  getMessaging: 'sparks.read',
  connectMeta: 'sparks.edit',
  connectTelegram: 'sparks.edit',
  updateMessaging: 'sparks.edit',
  disconnectMessaging: 'sparks.edit',
  testMessaging: 'sparks.edit',
  metaVerify: 'visitor',
  metaWebhook: 'visitor',
  telegramWebhook: 'visitor',
  listActions: 'sparks.read',
  createAction: 'sparks.edit',
  updateAction: 'sparks.edit',
  deleteAction: 'sparks.edit',
  tryAction: 'sparks.edit',
  // The runs' log is the team's to read, as the conversations are.
  actionRuns: 'sparks.read',

  health: 'public',

  team: 'team.manage',
  inviteMember: 'team.manage',
  resendInvitation: 'team.manage',
  revokeInvitation: 'team.manage',
  updateMember: 'team.manage',
  removeMember: 'team.manage',
  // The link's secret is the credential; accepting it needs the invitee signed in as the address invited.
  invitationPreview: 'public',
  acceptInvitation: 'signed-in',
  switchAccount: 'signed-in',
  auditLog: 'audit.read',
  exportAudit: 'audit.read',
  updateMyMembership: 'signed-in',
  transferOwnership: 'account.own',
  deleteAccount: 'account.own',
  listApiKeys: 'developers.manage',
  createApiKey: 'developers.manage',
  revokeApiKey: 'developers.manage',
  // With an API key these take the scope in ROUTE_KEY_SCOPES; a member may call them as they may the test chat and uploads.
  askSpark: 'sparks.edit',
  uploadToSpark: 'sparks.edit',
  listWebhooks: 'developers.manage',
  createWebhook: 'developers.manage',
  updateWebhook: 'developers.manage',
  deleteWebhook: 'developers.manage',
  rotateWebhookSecret: 'developers.manage',
  webhookDeliveries: 'developers.manage',
  redeliverWebhook: 'developers.manage',
};

/**
 * What each topic of the guiding assistant lets one do, and so who may talk with it: creating a
 * Spark and deploying build, the plan is the owner's, the profile and the first steps are anyone's.
 * The one route of all topics is `signed-in`; the assistant asks this table for the topic named.
 */
export const SYSTEM_TOPIC_ACCESS: Record<SystemTopic, 'signed-in' | Permission> = {
  'new-spark': 'sparks.edit',
  deploy: 'sparks.edit',
  billing: 'billing.manage',
  settings: 'signed-in',
  profile: 'signed-in',
  onboarding: 'signed-in',
  main_chat: 'signed-in',
};
