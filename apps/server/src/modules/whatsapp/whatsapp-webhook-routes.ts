import { API_ROUTES } from '@sparks/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { limit } from '../../lib/rate-limits.js';
import { routeSchema } from '../../lib/route-schema.js';

const errors = errorResponses(400, 401, 403, 404, 413, 429);
const tags = ['whatsapp'];
/** Meta's deliveries reach 3 MB with media metadata; ours carry text, and a little more is refused. */
const DELIVERY_BYTES = 3 * 1024 * 1024;

/**
 * Meta's webhook for a channel, public: the verification and the signed deliveries. A delivery is
 * acknowledged once its messages are kept; answering them is the reply job's.
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { whatsappInbox } = app.services;
  // Meta sends in bursts; a flood of forged deliveries is bounded per channel address before any signature is computed.
  const deliveries = limit(app, {
    name: 'whatsapp-webhook',
    max: 600,
    windowMs: 60_000,
    by: (request) => (request.params as { channelId?: string }).channelId,
    message: (seconds) => `Too many deliveries. Try again in ${seconds} seconds.`,
  });

  app.get(
    API_ROUTES.whatsappVerify.path,
    {
      preHandler: [deliveries],
      schema: { tags, summary: "Meta's webhook check: the challenge back when the verify token matches", ...routeSchema(API_ROUTES.whatsappVerify, errors) },
    },
    async (request, reply) => {
      const query = request.query;
      const challenge = await whatsappInbox.verify(request.params.channelId, {
        mode: query['hub.mode'],
        token: query['hub.verify_token'],
        challenge: query['hub.challenge'],
      });
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  // The signature is over the exact bytes Meta sent: this route reads its body raw.
  const signed: FastifyPluginAsync = async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: DELIVERY_BYTES }, (_request, body, done) => done(null, body));
    scope.post(
      API_ROUTES.whatsappWebhook.path,
      {
        preHandler: [deliveries],
        schema: { tags, summary: 'Deliveries from Meta, signed with the app secret (X-Hub-Signature-256)', ...routeSchema(API_ROUTES.whatsappWebhook, errors) },
      },
      async (request, reply) => {
        const { channelId } = request.params as { channelId: string };
        const signature = request.headers['x-hub-signature-256'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await whatsappInbox.receive(channelId, body, typeof signature === 'string' ? signature : undefined);
        return reply.type('text/plain; charset=utf-8').send('EVENT_RECEIVED');
      },
    );
  };
  await app.register(signed);
};
