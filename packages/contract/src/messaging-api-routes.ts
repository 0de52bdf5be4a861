import { deletedResponse, route, sparkRouteParams } from './api-route.js';
import {
  connectMetaBodySchema,
  connectTelegramBodySchema,
  messagingChannelResponseSchema,
  messagingRouteParams,
  messagingTestResponseSchema,
  messagingWebhookParams,
  messagingWebhookResponseSchema,
  metaVerifyQuerySchema,
  updateMessagingBodySchema,
} from './messaging.js';

/** A Spark's channel on Meta (Messenger and Instagram) or Telegram, as its card shows it. */
export const getMessagingRoute = route('getMessaging', { status: 200, params: messagingRouteParams, response: messagingChannelResponseSchema });

/** Connects a Facebook Page (and its Instagram account), or replaces its token and secret. */
export const connectMetaRoute = route('connectMeta', {
  status: 200,
  params: sparkRouteParams,
  body: connectMetaBodySchema,
  response: messagingChannelResponseSchema,
});

/** Connects a Telegram bot (or replaces its token): the product sets the bot's webhook. */
export const connectTelegramRoute = route('connectTelegram', {
  status: 200,
  params: sparkRouteParams,
  body: connectTelegramBodySchema,
  response: messagingChannelResponseSchema,
});

export const updateMessagingRoute = route('updateMessaging', {
  status: 200,
  params: messagingRouteParams,
  body: updateMessagingBodySchema,
  response: messagingChannelResponseSchema,
});

export const disconnectMessagingRoute = route('disconnectMessaging', { status: 200, params: messagingRouteParams, response: deletedResponse });

export const testMessagingRoute = route('testMessaging', { status: 200, params: messagingRouteParams, response: messagingTestResponseSchema });

/** Meta's webhook check: answers the challenge as plain text when the verify token matches. */
export const metaVerifyRoute = route('metaVerify', {
  status: 200,
  params: messagingWebhookParams,
  query: metaVerifyQuerySchema,
  response: messagingWebhookResponseSchema,
});

/** Meta's deliveries for the Page and its Instagram account, signed with the app secret (X-Hub-Signature-256). */
export const metaWebhookRoute = route('metaWebhook', { status: 200, params: messagingWebhookParams, response: messagingWebhookResponseSchema });

/** Telegram's updates for the bot, carrying the webhook's secret token (X-Telegram-Bot-Api-Secret-Token). */
export const telegramWebhookRoute = route('telegramWebhook', { status: 200, params: messagingWebhookParams, response: messagingWebhookResponseSchema });

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const MESSAGING_API_ROUTES = {
  getMessaging: getMessagingRoute,
  connectMeta: connectMetaRoute,
  connectTelegram: connectTelegramRoute,
  updateMessaging: updateMessagingRoute,
  disconnectMessaging: disconnectMessagingRoute,
  testMessaging: testMessagingRoute,
  metaVerify: metaVerifyRoute,
  metaWebhook: metaWebhookRoute,
  telegramWebhook: telegramWebhookRoute,
};
