import fp from 'fastify-plugin';
import type { Mailer } from '../mail/mailer.js';
import { OutboxMailer } from '../mail/outbox-mailer.js';
import { SmtpMailer } from '../mail/smtp-mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailerPlugin = fp(
  async (app) => {
    const { smtpUrl, from } = app.config.mail;
    const mailer: Mailer = smtpUrl ? new SmtpMailer(smtpUrl, from) : new OutboxMailer(app.database.db, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['config', 'database'] },
);
