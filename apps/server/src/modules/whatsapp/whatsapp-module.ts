import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { WHATSAPP_REPLY_JOB } from './whatsapp-inbox.js';
import { whatsappRoutes } from './whatsapp-routes.js';
import { whatsappWebhookRoutes } from './whatsapp-webhook-routes.js';

export const WHATSAPP_HOUSEKEEPING_JOB = 'whatsapp-housekeeping';
/** Replies to one message: a model answer and a few sends, each within their own timeouts. */
const REPLY_TIMEOUT_SECONDS = 5 * 60;

/** A Spark on WhatsApp (docs/decisions/0031): the owner's card, Meta's webhook, and the job that replies. */
export const whatsappModule: FastifyPluginAsync = async (app) => {
  const { whatsappInbox } = app.services;
  app.jobs.define<{ channelId: string; messageId: string }>(WHATSAPP_REPLY_JOB, {
    expireInSeconds: REPLY_TIMEOUT_SECONDS,
    // Meta slowing the number down passes: a few more tries, the parts already sent not sent again.
    retryLimit: 3,
    concurrency: 2,
    handle: ({ channelId, messageId }, { lastAttempt }) => whatsappInbox.reply(channelId, messageId, lastAttempt),
  });
  app.jobs.define(WHATSAPP_HOUSEKEEPING_JOB, {
    expireInSeconds: 300,
    retryLimit: 0,
    sweep: { everySeconds: 3600, run: async () => void (await whatsappInbox.forgetOld()) },
    handle: async () => undefined,
  });
  await app.register(whatsappRoutes, { prefix: API_BASE_PATH });
  await app.register(whatsappWebhookRoutes, { prefix: API_BASE_PATH });
};
