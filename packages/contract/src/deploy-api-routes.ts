import { z } from 'zod';
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
import {
  deploySettingsBodySchema,
  deploymentResponseSchema,
  visitorConversationListResponseSchema,
  visitorConversationsQuerySchema,
  widgetChatBodySchema,
  widgetHistoryResponseSchema,
  widgetLookResponseSchema,
  widgetTurnResponseSchema,
} from './widget.js';
import { route, sparkRouteParams, widgetRouteParams } from './api-route.js';

// Putting a Spark to work: deployment and the widget, document libraries, the conversations export and health.

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

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const DEPLOY_API_ROUTES = {
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
};
