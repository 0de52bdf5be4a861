import { z } from 'zod';
import { route, sparkRouteParams, widgetRouteParams } from './api-route.js';
import {
  liveConversationsResponseSchema,
  liveMessageResponseSchema,
  liveStateResponseSchema,
  liveStreamQuerySchema,
  liveStreamResponseSchema,
  liveTranscriptResponseSchema,
  liveTypingResponseSchema,
  ownerMessageBodySchema,
  saveLiveAnswerBodySchema,
  savedLiveAnswerResponseSchema,
  takeOverBodySchema,
} from './live.js';

export const liveRouteParams = sparkRouteParams.extend({ conversationId: z.uuid({ error: 'must be a conversation id' }) });

export const liveConversationsRoute = route('liveConversations', { status: 200, params: sparkRouteParams, response: liveConversationsResponseSchema });

/** The Spark's conversations as they change (a visitor asking for a person among them): `conversation` events. */
export const liveSparkEventsRoute = route('liveSparkEvents', { status: 200, params: sparkRouteParams, response: liveStreamResponseSchema });

export const liveTranscriptRoute = route('liveTranscript', { status: 200, params: liveRouteParams, response: liveTranscriptResponseSchema });

/** One conversation as it happens; resumes after `Last-Event-ID` (or `after`). */
export const liveEventsRoute = route('liveEvents', { status: 200, params: liveRouteParams, query: liveStreamQuerySchema, response: liveStreamResponseSchema });

export const takeOverRoute = route('takeOver', { status: 200, params: liveRouteParams, body: takeOverBodySchema, response: liveStateResponseSchema });

export const handBackRoute = route('handBack', { status: 200, params: liveRouteParams, response: liveStateResponseSchema });

export const ownerMessageRoute = route('ownerMessage', {
  status: 201,
  params: liveRouteParams,
  body: ownerMessageBodySchema,
  response: liveMessageResponseSchema,
});

/** One of the owner's messages becomes knowledge: the answer to the visitor's question before it. */
export const saveLiveAnswerRoute = route('saveLiveAnswer', {
  status: 201,
  params: liveRouteParams,
  body: saveLiveAnswerBodySchema,
  response: savedLiveAnswerResponseSchema,
});

export const ownerTypingRoute = route('ownerTyping', { status: 200, params: liveRouteParams, response: liveTypingResponseSchema });

/** The visitor's own conversation as it happens (their session and the frame's ticket in the headers). */
export const widgetLiveRoute = route('widgetLive', {
  status: 200,
  params: widgetRouteParams,
  query: liveStreamQuerySchema,
  response: liveStreamResponseSchema,
});

export const widgetTypingRoute = route('widgetTyping', { status: 200, params: widgetRouteParams, response: liveTypingResponseSchema });

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const LIVE_API_ROUTES = {
  liveConversations: liveConversationsRoute,
  liveSparkEvents: liveSparkEventsRoute,
  liveTranscript: liveTranscriptRoute,
  liveEvents: liveEventsRoute,
  takeOver: takeOverRoute,
  handBack: handBackRoute,
  ownerMessage: ownerMessageRoute,
  ownerTyping: ownerTypingRoute,
  saveLiveAnswer: saveLiveAnswerRoute,
  widgetLive: widgetLiveRoute,
  widgetTyping: widgetTypingRoute,
};
