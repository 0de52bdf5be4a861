import { z } from 'zod';
import {
  builderMessageBodySchema,
  chatHistoryResponseSchema,
  latestConversationQuerySchema,
  latestConversationResponseSchema,
  chatTurnResponseSchema,
  loadDocMessageBodySchema,
  loadDocMessageResponseSchema,
  testChatBodySchema,
  testChatResponseSchema,
} from './chat.js';
import {
  documentAllowanceResponseSchema,
  documentListResponseSchema,
  documentResponseSchema,
  passageResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  uploadResponseSchema,
} from './documents.js';
import { dataEnvelope } from './envelope.js';
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
  caseRouteParams,
  conversationRouteParams,
  deletedResponse,
  documentRouteParams,
  passageRouteParams,
  route,
  sparkRouteParams,
  systemConversationRouteParams,
  testChatRouteParams,
  testRouteParams,
} from './api-route.js';

// A Spark's routes: the Spark and its test tabs, the chats, its documents and its saved tests (product.md §7).

export const createSparkRoute = route('createSpark', { status: 201, response: sparkResponseSchema });

export const listSparksRoute = route('listSparks', { status: 200, response: sparkListResponseSchema });

export const updateSparkRoute = route('updateSpark', { status: 200, params: sparkRouteParams, body: sparkPatchSchema, response: sparkResponseSchema });

export const deleteSparkRoute = route('deleteSpark', { status: 200, params: sparkRouteParams, response: deletedResponse });

export const createTestRoute = route('createTest', { status: 201, params: sparkRouteParams, body: createTestBodySchema, response: sparkTestResponseSchema });

export const listTestsRoute = route('listTests', { status: 200, params: sparkRouteParams, response: sparkTestListResponseSchema });

export const getTestRoute = route('getTest', { status: 200, params: testRouteParams, response: sparkTestResponseSchema });

export const renameTestRoute = route('renameTest', { status: 200, params: testRouteParams, body: renameTestBodySchema, response: sparkTestResponseSchema });

export const deleteTestRoute = route('deleteTest', { status: 200, params: testRouteParams, response: deletedResponse });

export const reportTestErrorRoute = route('reportTestError', {
  status: 201,
  params: testRouteParams,
  body: testErrorBodySchema,
  response: dataEnvelope(z.object({ id: z.string(), createdAt: z.string() })),
});

export const builderChatRoute = route('builderChat', { status: 200, body: builderMessageBodySchema, response: chatTurnResponseSchema });

export const testChatRoute = route('testChat', { status: 200, params: testChatRouteParams, body: testChatBodySchema, response: testChatResponseSchema });

export const loadDocMessageRoute = route('loadDocMessage', { status: 200, body: loadDocMessageBodySchema, response: loadDocMessageResponseSchema });

export const latestConversationRoute = route('latestConversation', {
  status: 200,
  params: sparkRouteParams,
  query: latestConversationQuerySchema,
  response: latestConversationResponseSchema,
});

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

export const documentAllowanceRoute = route('documentAllowance', { status: 200, response: documentAllowanceResponseSchema });

export const getDocumentRoute = route('getDocument', { status: 200, params: documentRouteParams, response: documentResponseSchema });

export const deleteDocumentRoute = route('deleteDocument', { status: 200, params: documentRouteParams, response: deletedResponse });

/** Reads a document's stored file again as its next version; the current one answers until it is read. */
export const readDocumentAgainRoute = route('readDocumentAgain', { status: 202, params: documentRouteParams, response: documentResponseSchema });

export const getPassageRoute = route('getPassage', { status: 200, params: passageRouteParams, response: passageResponseSchema });

export const searchRoute = route('search', { status: 200, params: sparkRouteParams, query: searchQuerySchema, response: searchResponseSchema });

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

export const deleteTestCaseRoute = route('deleteTestCase', { status: 200, params: caseRouteParams, response: deletedResponse });

export const listTestRunsRoute = route('listTestRuns', { status: 200, params: sparkRouteParams, response: testRunListResponseSchema });

export const requestTestRunRoute = route('requestTestRun', { status: 202, params: sparkRouteParams, response: testRunResponseSchema });

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const SPARK_API_ROUTES = {
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
  latestConversation: latestConversationRoute,
  systemChat: systemChatRoute,
  systemHistory: systemHistoryRoute,
  upload: uploadRoute,
  listDocuments: listDocumentsRoute,
  documentAllowance: documentAllowanceRoute,
  getDocument: getDocumentRoute,
  deleteDocument: deleteDocumentRoute,
  readDocumentAgain: readDocumentAgainRoute,
  getPassage: getPassageRoute,
  search: searchRoute,
  caseProposal: caseProposalRoute,
  listTestCases: listTestCasesRoute,
  createTestCase: createTestCaseRoute,
  updateTestCase: updateTestCaseRoute,
  deleteTestCase: deleteTestCaseRoute,
  listTestRuns: listTestRunsRoute,
  requestTestRun: requestTestRunRoute,
};
