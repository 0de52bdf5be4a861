import { z } from 'zod';
import { API_PATHS, type ApiRouteName } from './api-paths.js';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  messageSchema,
  profilePatchSchema,
  refreshBodySchema,
  registerBodySchema,
  registeredSchema,
  resetPasswordBodySchema,
  sendCodeBodySchema,
  tokensResponseSchema,
  userResponseSchema,
  verifyCodeBodySchema,
} from './auth.js';
import {
  checkoutBodySchema,
  checkoutResponseSchema,
  planUsageResponseSchema,
  portalResponseSchema,
  priceListResponseSchema,
  subscriptionListResponseSchema,
  subscriptionsQuerySchema,
} from './billing.js';
import {
  builderMessageBodySchema,
  chatHistoryResponseSchema,
  chatTurnResponseSchema,
  loadDocMessageBodySchema,
  loadDocMessageResponseSchema,
  testChatBodySchema,
  testChatResponseSchema,
} from './chat.js';
import {
  documentListResponseSchema,
  documentResponseSchema,
  passageResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  uploadResponseSchema,
} from './documents.js';
import { dataEnvelope } from './envelope.js';
import { healthResponseSchema } from './health.js';
import { conversationExportQuerySchema } from './insights.js';
import {
  authorizeQuerySchema,
  authorizeResponseSchema,
  disconnectQuerySchema,
  driveParamsSchema,
  drivesResponseSchema,
  foldersQuerySchema,
  foldersResponseSchema,
  sharepointSelectionBodySchema,
  sharepointStatusResponseSchema,
  siteParamsSchema,
  sitesQuerySchema,
  sitesResponseSchema,
} from './integrations.js';
import { objectiveListResponseSchema, objectiveStepPatchSchema, objectivesQuerySchema } from './objectives.js';
import {
  createTestBodySchema,
  renameTestBodySchema,
  sparkListResponseSchema,
  sparkPatchSchema,
  sparkResponseSchema,
  sparkTestListResponseSchema,
  sparkTestResponseSchema,
  testErrorBodySchema,
} from './sparks.js';
import { systemChatQuerySchema, systemHistoryResponseSchema, systemTopicParamsSchema } from './system-chat.js';
import {
  caseProposalResponseSchema,
  createTestCaseBodySchema,
  testCaseListResponseSchema,
  testCaseResponseSchema,
  testRunListResponseSchema,
  testRunResponseSchema,
  updateTestCaseBodySchema,
} from './test-cases.js';
import {
  deploySettingsBodySchema,
  deployTokenSchema,
  deploymentResponseSchema,
  visitorConversationListResponseSchema,
  visitorConversationsQuerySchema,
  widgetChatBodySchema,
  widgetHistoryResponseSchema,
  widgetLookResponseSchema,
  widgetTurnResponseSchema,
} from './widget.js';

const id = (what: string) => z.uuid({ error: `must be ${what}` });
export const sparkRouteParams = z.object({ sparkId: id('a Spark id') });
const testRouteParams = sparkRouteParams.extend({ testId: id('a test id') });
const documentRouteParams = sparkRouteParams.extend({ documentId: id('a document id') });
const passageRouteParams = sparkRouteParams.extend({ chunkId: id('a passage id') });
const caseRouteParams = sparkRouteParams.extend({ caseId: id('a test case id') });
const testChatRouteParams = z.object({ sparkId: id('a Spark id'), testSparkId: id('a test id') });
const conversationRouteParams = z.object({ id: id('a conversation id') });
const systemConversationRouteParams = z.object({ id: id('a session id') });
/** A Spark id or a menu topic: letters, digits, dashes and underscores only. */
const objectiveRouteParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a Spark id or a menu topic') });
const providerRouteParams = z.object({ provider: z.string().regex(/^[a-z]{1,20}$/, 'must be a provider name such as google') });
const customerRouteParams = z.object({ customerId: z.string().min(1).max(120) });
const widgetRouteParams = z.object({ token: deployTokenSchema });
const deleted = dataEnvelope(z.object({ deleted: z.literal(true) }));

/** What a route takes and answers: the success status and body, and the schemas of what it reads. */
interface RouteSchemas {
  status: 200 | 201 | 202;
  response: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

const route = <const N extends ApiRouteName, const S extends RouteSchemas>(name: N, schemas: S) => ({ name, ...API_PATHS[name], ...schemas });

export const registerRoute = route('register', { status: 201, body: registerBodySchema, response: dataEnvelope(registeredSchema) });

export const sendCodeRoute = route('sendCode', { status: 200, body: sendCodeBodySchema, response: dataEnvelope(messageSchema) });

export const verifyCodeRoute = route('verifyCode', { status: 200, body: verifyCodeBodySchema, response: tokensResponseSchema });

/** No body is the one-time login with a bearer token (after a password reset). */
export const loginRoute = route('login', { status: 200, body: loginBodySchema.nullish(), response: tokensResponseSchema });

export const exchangeTokenRoute = route('exchangeToken', { status: 200, response: tokensResponseSchema });

export const refreshTokenRoute = route('refreshToken', { status: 200, body: refreshBodySchema, response: tokensResponseSchema });

export const logoutRoute = route('logout', { status: 200, response: dataEnvelope(z.object({ loggedOut: z.literal(true) })) });

export const forgotPasswordRoute = route('forgotPassword', { status: 200, body: forgotPasswordBodySchema, response: dataEnvelope(messageSchema) });

export const resetPasswordRoute = route('resetPassword', {
  status: 200,
  body: resetPasswordBodySchema,
  response: dataEnvelope(z.object({ token: z.string() })),
});

export const getProfileRoute = route('getProfile', { status: 200, response: userResponseSchema });

export const updateProfileRoute = route('updateProfile', { status: 200, body: profilePatchSchema, response: userResponseSchema });

export const socialProvidersRoute = route('socialProviders', { status: 200, response: dataEnvelope(z.object({ providers: z.array(z.string()) })) });

export const socialLoginRoute = route('socialLogin', { status: 200, params: providerRouteParams, response: dataEnvelope(z.object({ url: z.string() })) });

export const createSparkRoute = route('createSpark', { status: 201, response: sparkResponseSchema });

export const listSparksRoute = route('listSparks', { status: 200, response: sparkListResponseSchema });

export const updateSparkRoute = route('updateSpark', { status: 200, params: sparkRouteParams, body: sparkPatchSchema, response: sparkResponseSchema });

export const deleteSparkRoute = route('deleteSpark', { status: 200, params: sparkRouteParams, response: deleted });

export const createTestRoute = route('createTest', { status: 201, params: sparkRouteParams, body: createTestBodySchema, response: sparkTestResponseSchema });

export const listTestsRoute = route('listTests', { status: 200, params: sparkRouteParams, response: sparkTestListResponseSchema });

export const getTestRoute = route('getTest', { status: 200, params: testRouteParams, response: sparkTestResponseSchema });

export const renameTestRoute = route('renameTest', { status: 200, params: testRouteParams, body: renameTestBodySchema, response: sparkTestResponseSchema });

export const deleteTestRoute = route('deleteTest', { status: 200, params: testRouteParams, response: deleted });

export const reportTestErrorRoute = route('reportTestError', {
  status: 201,
  params: testRouteParams,
  body: testErrorBodySchema,
  response: dataEnvelope(z.object({ id: z.string(), createdAt: z.string() })),
});

export const builderChatRoute = route('builderChat', { status: 200, body: builderMessageBodySchema, response: chatTurnResponseSchema });

export const testChatRoute = route('testChat', { status: 200, params: testChatRouteParams, body: testChatBodySchema, response: testChatResponseSchema });

export const loadDocMessageRoute = route('loadDocMessage', { status: 200, body: loadDocMessageBodySchema, response: loadDocMessageResponseSchema });

export const chatHistoryRoute = route('chatHistory', { status: 200, params: conversationRouteParams, response: chatHistoryResponseSchema });

/** Answers text/event-stream (product.md §7); its one data line is a system turn. */
export const systemChatRoute = route('systemChat', {
  status: 200,
  params: systemTopicParamsSchema,
  query: systemChatQuerySchema,
  response: z.string().describe('text/event-stream'),
});

export const systemHistoryRoute = route('systemHistory', { status: 200, params: systemConversationRouteParams, response: systemHistoryResponseSchema });

/** A multipart form (sparkId, conversationId?, name?, language?, then the file) that the route reads itself. */
export const uploadRoute = route('upload', { status: 201, response: uploadResponseSchema });

export const listDocumentsRoute = route('listDocuments', { status: 200, params: sparkRouteParams, response: documentListResponseSchema });

export const getDocumentRoute = route('getDocument', { status: 200, params: documentRouteParams, response: documentResponseSchema });

export const deleteDocumentRoute = route('deleteDocument', { status: 200, params: documentRouteParams, response: deleted });

export const getPassageRoute = route('getPassage', { status: 200, params: passageRouteParams, response: passageResponseSchema });

export const searchRoute = route('search', { status: 200, params: sparkRouteParams, query: searchQuerySchema, response: searchResponseSchema });

export const profileMenuObjectivesRoute = route('profileMenuObjectives', { status: 200, query: objectivesQuerySchema, response: objectiveListResponseSchema });

export const objectivesRoute = route('objectives', {
  status: 200,
  params: objectiveRouteParams,
  query: objectivesQuerySchema,
  response: objectiveListResponseSchema,
});

export const reportObjectiveStepRoute = route('reportObjectiveStep', {
  status: 200,
  params: objectiveRouteParams,
  query: objectivesQuerySchema,
  body: objectiveStepPatchSchema,
  response: objectiveListResponseSchema,
});

export const planUsageRoute = route('planUsage', { status: 200, response: planUsageResponseSchema });

export const pricesRoute = route('prices', { status: 200, response: priceListResponseSchema });

export const startCheckoutRoute = route('startCheckout', {
  status: 200,
  params: customerRouteParams,
  body: checkoutBodySchema,
  response: checkoutResponseSchema,
});

export const openPortalRoute = route('openPortal', { status: 200, params: customerRouteParams, response: portalResponseSchema });

export const subscriptionsRoute = route('subscriptions', {
  status: 200,
  params: customerRouteParams,
  query: subscriptionsQuerySchema,
  response: subscriptionListResponseSchema,
});

export const caseProposalRoute = route('caseProposal', { status: 200, params: testRouteParams, response: caseProposalResponseSchema });

export const listTestCasesRoute = route('listTestCases', { status: 200, params: sparkRouteParams, response: testCaseListResponseSchema });

export const createTestCaseRoute = route('createTestCase', {
  status: 201,
  params: sparkRouteParams,
  body: createTestCaseBodySchema,
  response: testCaseResponseSchema,
});

export const updateTestCaseRoute = route('updateTestCase', {
  status: 200,
  params: caseRouteParams,
  body: updateTestCaseBodySchema,
  response: testCaseResponseSchema,
});

export const deleteTestCaseRoute = route('deleteTestCase', { status: 200, params: caseRouteParams, response: deleted });

export const listTestRunsRoute = route('listTestRuns', { status: 200, params: sparkRouteParams, response: testRunListResponseSchema });

export const requestTestRunRoute = route('requestTestRun', { status: 202, params: sparkRouteParams, response: testRunResponseSchema });

export const deploymentRoute = route('deployment', { status: 200, params: sparkRouteParams, response: deploymentResponseSchema });

export const configureDeploymentRoute = route('configureDeployment', {
  status: 200,
  params: sparkRouteParams,
  body: deploySettingsBodySchema,
  response: deploymentResponseSchema,
});

export const rotateDeployTokenRoute = route('rotateDeployToken', { status: 200, params: sparkRouteParams, response: deploymentResponseSchema });

export const visitorConversationsRoute = route('visitorConversations', {
  status: 200,
  params: sparkRouteParams,
  query: visitorConversationsQuerySchema,
  response: visitorConversationListResponseSchema,
});

/** A download, streamed: CSV with a header row, or a JSON array of ExportedMessage. */
export const exportConversationsRoute = route('exportConversations', {
  status: 200,
  params: sparkRouteParams,
  query: conversationExportQuerySchema,
  response: z.string().describe('text/csv or application/json, streamed'),
});

export const widgetLookRoute = route('widgetLook', { status: 200, params: widgetRouteParams, response: widgetLookResponseSchema });

export const widgetChatRoute = route('widgetChat', { status: 200, params: widgetRouteParams, body: widgetChatBodySchema, response: widgetTurnResponseSchema });

export const widgetConversationRoute = route('widgetConversation', { status: 200, params: widgetRouteParams, response: widgetHistoryResponseSchema });

export const authorizeIntegrationRoute = route('authorizeIntegration', {
  status: 200,
  params: sparkRouteParams,
  query: authorizeQuerySchema,
  response: authorizeResponseSchema,
});

export const sharepointStatusRoute = route('sharepointStatus', { status: 200, params: sparkRouteParams, response: sharepointStatusResponseSchema });

export const sharepointSitesRoute = route('sharepointSites', { status: 200, params: sparkRouteParams, query: sitesQuerySchema, response: sitesResponseSchema });

export const sharepointDrivesRoute = route('sharepointDrives', { status: 200, params: siteParamsSchema, response: drivesResponseSchema });

export const sharepointFoldersRoute = route('sharepointFolders', {
  status: 200,
  params: driveParamsSchema,
  query: foldersQuerySchema,
  response: foldersResponseSchema,
});

export const sharepointSelectionRoute = route('sharepointSelection', {
  status: 200,
  params: sparkRouteParams,
  body: sharepointSelectionBodySchema,
  response: sharepointStatusResponseSchema,
});

export const sharepointSyncRoute = route('sharepointSync', { status: 200, params: sparkRouteParams, response: sharepointStatusResponseSchema });

export const disconnectSharepointRoute = route('disconnectSharepoint', {
  status: 200,
  params: sparkRouteParams,
  query: disconnectQuerySchema,
  response: dataEnvelope(z.object({ disconnected: z.literal(true) })),
});

export const healthRoute = route('health', { status: 200, response: healthResponseSchema });

/**
 * The API's contract, route by route: the server registers each route from its entry (path,
 * method, schemas) and the web app calls it through its entry, parsing the answer with `response`.
 * Pages, redirects and the payment webhook are not JSON calls and are not listed.
 */
export const API_ROUTES = {
  register: registerRoute,
  sendCode: sendCodeRoute,
  verifyCode: verifyCodeRoute,
  login: loginRoute,
  exchangeToken: exchangeTokenRoute,
  refreshToken: refreshTokenRoute,
  logout: logoutRoute,
  forgotPassword: forgotPasswordRoute,
  resetPassword: resetPasswordRoute,
  getProfile: getProfileRoute,
  updateProfile: updateProfileRoute,
  socialProviders: socialProvidersRoute,
  socialLogin: socialLoginRoute,
  createSpark: createSparkRoute,
  listSparks: listSparksRoute,
  updateSpark: updateSparkRoute,
  deleteSpark: deleteSparkRoute,
  createTest: createTestRoute,
  listTests: listTestsRoute,
  getTest: getTestRoute,
  renameTest: renameTestRoute,
  deleteTest: deleteTestRoute,
  reportTestError: reportTestErrorRoute,
  builderChat: builderChatRoute,
  testChat: testChatRoute,
  loadDocMessage: loadDocMessageRoute,
  chatHistory: chatHistoryRoute,
  systemChat: systemChatRoute,
  systemHistory: systemHistoryRoute,
  upload: uploadRoute,
  listDocuments: listDocumentsRoute,
  getDocument: getDocumentRoute,
  deleteDocument: deleteDocumentRoute,
  getPassage: getPassageRoute,
  search: searchRoute,
  profileMenuObjectives: profileMenuObjectivesRoute,
  objectives: objectivesRoute,
  reportObjectiveStep: reportObjectiveStepRoute,
  planUsage: planUsageRoute,
  prices: pricesRoute,
  startCheckout: startCheckoutRoute,
  openPortal: openPortalRoute,
  subscriptions: subscriptionsRoute,
  caseProposal: caseProposalRoute,
  listTestCases: listTestCasesRoute,
  createTestCase: createTestCaseRoute,
  updateTestCase: updateTestCaseRoute,
  deleteTestCase: deleteTestCaseRoute,
  listTestRuns: listTestRunsRoute,
  requestTestRun: requestTestRunRoute,
  deployment: deploymentRoute,
  configureDeployment: configureDeploymentRoute,
  rotateDeployToken: rotateDeployTokenRoute,
  visitorConversations: visitorConversationsRoute,
  exportConversations: exportConversationsRoute,
  widgetLook: widgetLookRoute,
  widgetChat: widgetChatRoute,
  widgetConversation: widgetConversationRoute,
  authorizeIntegration: authorizeIntegrationRoute,
  sharepointStatus: sharepointStatusRoute,
  sharepointSites: sharepointSitesRoute,
  sharepointDrives: sharepointDrivesRoute,
  sharepointFolders: sharepointFoldersRoute,
  sharepointSelection: sharepointSelectionRoute,
  sharepointSync: sharepointSyncRoute,
  disconnectSharepoint: disconnectSharepointRoute,
  health: healthRoute,
} satisfies { [N in ApiRouteName]: RouteSchemas & { name: N } };

export type ApiRoute = (typeof API_ROUTES)[ApiRouteName];
