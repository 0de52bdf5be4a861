import { feedbackBodySchema, feedbackResponseSchema } from './feedback.js';
import {
  answerGapBodySchema,
  answerRequestBodySchema,
  gapCheckResponseSchema,
  gapListResponseSchema,
  gapResponseSchema,
  gapsQuerySchema,
  insightsQuerySchema,
  insightsResponseSchema,
  ownerAnswerResponseSchema,
  resolveGapBodySchema,
  updateOwnerAnswerBodySchema,
  visitorRequestListResponseSchema,
  visitorRequestResponseSchema,
} from './insights.js';
import { widgetContactBodySchema, widgetContactResponseSchema } from './widget.js';
import { deletedResponse, documentRouteParams, gapRouteParams, requestRouteParams, route, sparkRouteParams, widgetRouteParams } from './api-route.js';

// What visitors say of a Spark and what its owner does about it: votes, insights, the knowledge-gap inbox, owner answers and requests.

export const widgetFeedbackRoute = route('widgetFeedback', {
  status: 200,
  params: widgetRouteParams,
  body: feedbackBodySchema,
  response: feedbackResponseSchema,
});

export const widgetContactRoute = route('widgetContact', {
  status: 201,
  params: widgetRouteParams,
  body: widgetContactBodySchema,
  response: widgetContactResponseSchema,
});

export const testFeedbackRoute = route('testFeedback', { status: 200, params: sparkRouteParams, body: feedbackBodySchema, response: feedbackResponseSchema });

export const insightsRoute = route('insights', { status: 200, params: sparkRouteParams, query: insightsQuerySchema, response: insightsResponseSchema });

export const listGapsRoute = route('listGaps', { status: 200, params: sparkRouteParams, query: gapsQuerySchema, response: gapListResponseSchema });

export const answerGapRoute = route('answerGap', { status: 200, params: gapRouteParams, body: answerGapBodySchema, response: gapResponseSchema });

export const resolveGapRoute = route('resolveGap', { status: 200, params: gapRouteParams, body: resolveGapBodySchema, response: gapResponseSchema });

export const checkGapRoute = route('checkGap', { status: 200, params: gapRouteParams, response: gapCheckResponseSchema });

export const getOwnerAnswerRoute = route('getOwnerAnswer', { status: 200, params: documentRouteParams, response: ownerAnswerResponseSchema });

export const updateOwnerAnswerRoute = route('updateOwnerAnswer', {
  status: 200,
  params: documentRouteParams,
  body: updateOwnerAnswerBodySchema,
  response: ownerAnswerResponseSchema,
});

export const listRequestsRoute = route('listRequests', { status: 200, params: sparkRouteParams, response: visitorRequestListResponseSchema });

export const answerRequestRoute = route('answerRequest', {
  status: 200,
  params: requestRouteParams,
  body: answerRequestBodySchema,
  response: visitorRequestResponseSchema,
});

export const deleteRequestRoute = route('deleteRequest', { status: 200, params: requestRouteParams, response: deletedResponse });

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const INSIGHTS_API_ROUTES = {
  widgetFeedback: widgetFeedbackRoute,
  widgetContact: widgetContactRoute,
  testFeedback: testFeedbackRoute,
  insights: insightsRoute,
  listGaps: listGapsRoute,
  answerGap: answerGapRoute,
  resolveGap: resolveGapRoute,
  checkGap: checkGapRoute,
  getOwnerAnswer: getOwnerAnswerRoute,
  updateOwnerAnswer: updateOwnerAnswerRoute,
  listRequests: listRequestsRoute,
  answerRequest: answerRequestRoute,
  deleteRequest: deleteRequestRoute,
};
