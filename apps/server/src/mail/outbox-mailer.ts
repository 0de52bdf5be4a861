import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { outboxEmails } from '../db/schema.js';
import type { Email, Mailer } from './mailer.js';

/** The embedded default: mail is kept in the database and announced in the log; /dev/mailbox shows it. */
export class OutboxMailer implements Mailer {
  readonly mode = 'outbox' as const;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(email: Email): Promise<void> {
    await this.db.insert(outboxEmails).values(email);
    this.log.info({ to: email.to, subject: email.subject }, `mail to ${email.to}: "${email.subject}" (open /dev/mailbox to read it)`);
  }

  async close(): Promise<void> {}
}
