import { dataEnvelope } from '@sparks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loopbackOnly } from '../../lib/loopback-only.js';
import { escapeHtml } from '../../mail/email-layout.js';

/** Escaped text with http(s) links made clickable, so a reset link can be followed from the page. */
const linkify = (text: string): string => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const messageSchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() });

/**
 * The embedded default's mailbox: every e-mail the outbox kept, newest first. Registered only
 * outside production, and answered only to this machine, because it shows codes and reset links
 * to whoever opens it and the embedded default listens on every interface.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', loopbackOnly);
  const mailbox = app.services.devMailbox;

  app.get(
    '/dev/mailbox/messages',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        // An address holds no control characters; a NUL would only be refused later by the database.
        querystring: z.object({
          to: z
            .string()
            .max(254)
            .regex(/^[^\p{Cc}]*$/u, 'must be an e-mail address')
            .optional(),
        }),
        response: { 200: dataEnvelope(z.array(messageSchema)) },
      },
    },
    async (request) => ({ data: await mailbox.recent(request.query.to) }),
  );

  app.get('/dev/mailbox', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const messages = await mailbox.recent();
    const items = messages
      .map(
        (message) =>
          `<article><h2>${escapeHtml(message.subject)}</h2><p class="meta">To ${escapeHtml(message.to)} · ${escapeHtml(message.createdAt)}</p><pre>${linkify(message.text)}</pre></article>`,
      )
      .join('');
    const empty = '<p>No e-mail yet. Register an account and the verification code appears here.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mailbox · Sparks</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:auto;padding:24px;color:#1c1a29}article{border:1px solid #e4e2ee;border-radius:12px;padding:16px;margin:16px 0}h2{font-size:16px;margin:0}.meta{color:#5f5b73;font-size:13px}pre{white-space:pre-wrap;font-family:inherit}</style></head><body><h1>Development mailbox</h1><p class="meta">E-mail is kept here because no SMTP_URL is configured. Only this machine can open this page, and it does not exist in production.</p>${items || empty}</body></html>`,
      );
  });
};
