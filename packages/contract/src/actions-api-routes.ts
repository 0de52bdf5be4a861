import { z } from 'zod';
import { deletedResponse, route, sparkRouteParams, testChatRouteParams, widgetRouteParams } from './api-route.js';
import { chatTurnResponseSchema } from './chat.js';
import { widgetTurnResponseSchema } from './widget.js';
import {
  actionBodySchema,
  actionResponseSchema,
  actionRunsResponseSchema,
  actionsResponseSchema,
  actionTrialResponseSchema,
  runActionBodySchema,
  testChatActionBodySchema,
  tryActionBodySchema,
} from './actions.js';

export const actionRouteParams = sparkRouteParams.extend({ actionId: z.uuid({ error: 'must be an action id' }) });

export const listActionsRoute = route('listActions', { status: 200, params: sparkRouteParams, response: actionsResponseSchema });
export const createActionRoute = route('createAction', { status: 201, params: sparkRouteParams, body: actionBodySchema, response: actionResponseSchema });
export const updateActionRoute = route('updateAction', { status: 200, params: actionRouteParams, body: actionBodySchema, response: actionResponseSchema });
export const deleteActionRoute = route('deleteAction', { status: 200, params: actionRouteParams, response: deletedResponse });
/** Runs the action with sample inputs: the request as sent (secrets masked), the answer, and what the visitor would read. */
export const tryActionRoute = route('tryAction', { status: 200, params: actionRouteParams, body: tryActionBodySchema, response: actionTrialResponseSchema });
/** The Spark's latest runs of its actions, newest first. */
export const actionRunsRoute = route('actionRuns', { status: 200, params: sparkRouteParams, response: actionRunsResponseSchema });
/** A visitor's answers to an action offered in their conversation (their session in the header): the action's reply, as a turn. */
export const widgetActionRoute = route('widgetAction', {
  status: 200,
  params: widgetRouteParams.extend({ actionId: z.uuid({ error: 'must be an action id' }) }),
  body: runActionBodySchema,
  response: widgetTurnResponseSchema,
});
/** The owner's answers to an action offered in a test chat: what they gave (masked) and the action's reply. */
export const testChatActionRoute = route('testChatAction', {
  status: 200,
  params: testChatRouteParams.extend({ actionId: z.uuid({ error: 'must be an action id' }) }),
  body: testChatActionBodySchema,
  response: chatTurnResponseSchema,
});

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const ACTIONS_API_ROUTES = {
  listActions: listActionsRoute,
  createAction: createActionRoute,
  updateAction: updateActionRoute,
  deleteAction: deleteActionRoute,
  tryAction: tryActionRoute,
  actionRuns: actionRunsRoute,
  widgetAction: widgetActionRoute,
  testChatAction: testChatActionRoute,
};
