import { z } from 'zod';
import { deletedResponse, route, sparkRouteParams } from './api-route.js';
import { apiKeyListResponseSchema, askBodySchema, askResponseSchema, createApiKeyBodySchema, createdApiKeyResponseSchema } from './developers.js';
import { uploadResponseSchema } from './documents.js';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointListResponseSchema,
  webhookEndpointResponseSchema,
  webhookWithSecretResponseSchema,
} from './webhooks.js';

// For the owner's developers: API keys (the owner's and admins' to manage) and what only a key calls.

const keyParams = z.object({ keyId: z.uuid({ error: 'must be a key id' }) });

export const listApiKeysRoute = route('listApiKeys', { status: 200, response: apiKeyListResponseSchema });
export const createApiKeyRoute = route('createApiKey', { status: 201, body: createApiKeyBodySchema, response: createdApiKeyResponseSchema });
export const revokeApiKeyRoute = route('revokeApiKey', { status: 200, params: keyParams, response: deletedResponse });

/** A question to a Spark through its API: JSON, or Server-Sent Events when the request accepts text/event-stream. */
export const askSparkRoute = route('askSpark', { status: 200, params: sparkRouteParams, body: askBodySchema, response: askResponseSchema });
/** Upload to the Spark named in the address (multipart: file, then name?, language?, replaces?): what a key uploads with. */
export const uploadToSparkRoute = route('uploadToSpark', { status: 201, params: sparkRouteParams, response: uploadResponseSchema });

const webhookParams = z.object({ webhookId: z.uuid({ error: 'must be a webhook id' }) });
const deliveryParams = webhookParams.extend({ deliveryId: z.uuid({ error: 'must be a delivery id' }) });

export const listWebhooksRoute = route('listWebhooks', { status: 200, response: webhookEndpointListResponseSchema });
export const createWebhookRoute = route('createWebhook', { status: 201, body: createWebhookBodySchema, response: webhookWithSecretResponseSchema });
export const updateWebhookRoute = route('updateWebhook', {
  status: 200,
  params: webhookParams,
  body: updateWebhookBodySchema,
  response: webhookEndpointResponseSchema,
});
export const deleteWebhookRoute = route('deleteWebhook', { status: 200, params: webhookParams, response: deletedResponse });
export const rotateWebhookSecretRoute = route('rotateWebhookSecret', { status: 200, params: webhookParams, response: webhookWithSecretResponseSchema });
export const webhookDeliveriesRoute = route('webhookDeliveries', { status: 200, params: webhookParams, response: webhookDeliveryListResponseSchema });
export const redeliverWebhookRoute = route('redeliverWebhook', { status: 202, params: deliveryParams, response: webhookDeliveryResponseSchema });

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const DEVELOPER_API_ROUTES = {
  listApiKeys: listApiKeysRoute,
  createApiKey: createApiKeyRoute,
  revokeApiKey: revokeApiKeyRoute,
  askSpark: askSparkRoute,
  uploadToSpark: uploadToSparkRoute,
  listWebhooks: listWebhooksRoute,
  createWebhook: createWebhookRoute,
  updateWebhook: updateWebhookRoute,
  deleteWebhook: deleteWebhookRoute,
  rotateWebhookSecret: rotateWebhookSecretRoute,
  webhookDeliveries: webhookDeliveriesRoute,
  redeliverWebhook: redeliverWebhookRoute,
};
