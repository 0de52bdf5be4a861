import type { FastifyPluginAsync } from 'fastify';
import { devMailboxRoutes } from './dev-mailbox-routes.js';

/** The outbox's reading page, only where e-mail is not really sent (no SMTP) and not in production. */
export const devMailboxModule: FastifyPluginAsync = async (app) => {
  if (app.config.env !== 'production' && !app.config.mail.smtpUrl) await app.register(devMailboxRoutes);
};
