import { deletedResponse, route, sparkRouteParams } from './api-route.js';
import {
  connectWhatsappBodySchema,
  updateWhatsappBodySchema,
  whatsappChannelResponseSchema,
  whatsappChannelRouteParams,
  whatsappTestBodySchema,
  whatsappTestResponseSchema,
  whatsappVerifyQuerySchema,
  whatsappWebhookResponseSchema,
} from './whatsapp.js';

export const getWhatsappRoute = route('getWhatsapp', { status: 200, params: sparkRouteParams, response: whatsappChannelResponseSchema });

/** Connects the Spark to a WhatsApp Business number, or replaces its credentials. */
export const connectWhatsappRoute = route('connectWhatsapp', {
  status: 200,
  params: sparkRouteParams,
  body: connectWhatsappBodySchema,
  response: whatsappChannelResponseSchema,
});

export const updateWhatsappRoute = route('updateWhatsapp', {
  status: 200,
  params: sparkRouteParams,
  body: updateWhatsappBodySchema,
  response: whatsappChannelResponseSchema,
});

export const disconnectWhatsappRoute = route('disconnectWhatsapp', { status: 200, params: sparkRouteParams, response: deletedResponse });

export const testWhatsappRoute = route('testWhatsapp', {
  status: 200,
  params: sparkRouteParams,
  body: whatsappTestBodySchema,
  response: whatsappTestResponseSchema,
});

/** Meta's webhook check: answers the challenge as plain text when the verify token matches. */
export const whatsappVerifyRoute = route('whatsappVerify', {
  status: 200,
  params: whatsappChannelRouteParams,
  query: whatsappVerifyQuerySchema,
  response: whatsappWebhookResponseSchema,
});

/** Meta's deliveries, signed with the app secret (X-Hub-Signature-256); acknowledged at once, answered from the job queue. */
export const whatsappWebhookRoute = route('whatsappWebhook', { status: 200, params: whatsappChannelRouteParams, response: whatsappWebhookResponseSchema });

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const WHATSAPP_API_ROUTES = {
  getWhatsapp: getWhatsappRoute,
  connectWhatsapp: connectWhatsappRoute,
  updateWhatsapp: updateWhatsappRoute,
  disconnectWhatsapp: disconnectWhatsappRoute,
  testWhatsapp: testWhatsappRoute,
  whatsappVerify: whatsappVerifyRoute,
  whatsappWebhook: whatsappWebhookRoute,
};
