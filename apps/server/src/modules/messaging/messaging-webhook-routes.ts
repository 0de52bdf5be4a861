import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { limit } from '../../lib/rate-limits.js';
import { routeSchema } from '../../lib/route-schema.js';

const errors = errorResponses(400, 401, 403, 404, 413, 429);
const tags = ['messaging'];
/** Deliveries carry text and a few ids; a larger body is not one of theirs. */
const DELIVERY_BYTES = 1024 * 1024;

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The platforms' webhooks for a channel, public: Meta's verification and signed deliveries,
 * Telegram's updates with their secret token. A delivery is acknowledged once its messages are
 * kept; answering them is the reply job's.
 */
export const messagingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messagingInbox } = app.services;
  // A flood of forged deliveries is bounded per channel address before any signature is computed.
  const deliveries = limit(app, {
    name: 'messaging-webhook',
    max: 600,
    windowMs: 60_000,
    by: (request) => (request.params as { channelId?: string }).channelId,
    message: (seconds) => `Too many deliveries. Try again in ${seconds} seconds.`,
  });

  app.get(
    API_ROUTES.metaVerify.path,
    {
      preHandler: [deliveries],
      schema: { tags, summary: "Meta's webhook check: the challenge back when the verify token matches", ...routeSchema(API_ROUTES.metaVerify, errors) },
    },
    async (request, reply) => {
      const query = request.query;
      const challenge = await messagingInbox.verifyMeta(request.params.channelId, {
        mode: query['hub.mode'],
        token: query['hub.verify_token'],
        challenge: query['hub.challenge'],
      });
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  // Meta's signature is over the exact bytes sent, and Telegram's secret is checked before the body is read: these routes read it raw.
  const raw: FastifyPluginAsync = async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: DELIVERY_BYTES }, (_request, body, done) => done(null, body));
    const bytes = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    scope.post(
      API_ROUTES.metaWebhook.path,
      {
        preHandler: [deliveries],
        schema: {
          tags,
          summary: 'Deliveries from Meta for the Page and its Instagram account, signed with the app secret (X-Hub-Signature-256)',
          ...routeSchema(API_ROUTES.metaWebhook, errors),
        },
      },
      async (request, reply) => {
        const { channelId } = request.params as { channelId: string };
        await messagingInbox.receiveMeta(channelId, bytes(request.body), header(request.headers['x-hub-signature-256']));
        return reply.type('text/plain; charset=utf-8').send('EVENT_RECEIVED');
      },
    );
    scope.post(
      API_ROUTES.telegramWebhook.path,
      {
        preHandler: [deliveries],
        schema: {
          tags,
          summary: "Telegram's updates for the bot, with the webhook's secret token (X-Telegram-Bot-Api-Secret-Token)",
          ...routeSchema(API_ROUTES.telegramWebhook, errors),
        },
      },
      async (request, reply) => {
        const { channelId } = request.params as { channelId: string };
        await messagingInbox.receiveTelegram(channelId, bytes(request.body), header(request.headers['x-telegram-bot-api-secret-token']));
        return reply.type('text/plain; charset=utf-8').send('OK');
      },
    );
  };
  await app.register(raw);
};
