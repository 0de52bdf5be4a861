import { API_BASE_PATH } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import { MESSAGING_REPLY_JOB } from './messaging-inbox.js';
import { messagingRoutes } from './messaging-routes.js';
import { messagingWebhookRoutes } from './messaging-webhook-routes.js';

export const MESSAGING_HOUSEKEEPING_JOB = 'messaging-housekeeping';
/** Replies to one message: a model answer and a few sends, each within their own timeouts. */
const REPLY_TIMEOUT_SECONDS = 5 * 60;

/** A Spark on Messenger, Instagram and Telegram (docs/decisions/0041): the owner's cards, the platforms' webhooks, and the job that replies. */
export const messagingModule: FastifyPluginAsync = async (app) => {
  const { messagingInbox, messagingReplier } = app.services;
  app.jobs.define<{ channelId: string; messageId: string }>(MESSAGING_REPLY_JOB, {
    expireInSeconds: REPLY_TIMEOUT_SECONDS,
    // A platform slowing the channel down passes: a few more tries, the parts already sent not sent again.
    retryLimit: 3,
    concurrency: 2,
    handle: ({ channelId, messageId }, { lastAttempt }) => messagingReplier.reply(channelId, messageId, lastAttempt),
  });
  app.jobs.define(MESSAGING_HOUSEKEEPING_JOB, {
    expireInSeconds: 300,
    retryLimit: 0,
    sweep: { everySeconds: 3600, run: async () => void (await messagingInbox.forgetOld()) },
    handle: async () => undefined,
  });
  await app.register(messagingRoutes, { prefix: API_BASE_PATH });
  await app.register(messagingWebhookRoutes, { prefix: API_BASE_PATH });
};
