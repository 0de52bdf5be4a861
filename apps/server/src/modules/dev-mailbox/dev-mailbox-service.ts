import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { outboxEmails } from '../../db/schema.js';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** How many e-mails the mailbox shows: enough for a day of trying things out. */
const SHOWN = 50;

/** The outbox's e-mails as the development mailbox shows them, newest first. */
export class DevMailboxService {
  constructor(private readonly db: Db) {}

  /** The latest e-mails, to one address when `to` is given (addresses are stored lower-case). */
  async recent(to?: string): Promise<MailboxMessage[]> {
    const rows = await this.db
      .select()
      .from(outboxEmails)
      .where(to ? eq(outboxEmails.to, to.trim().toLowerCase()) : undefined)
      .orderBy(desc(outboxEmails.createdAt))
      .limit(SHOWN);
    return rows.map((row) => ({ id: row.id, to: row.to, subject: row.subject, text: row.text, createdAt: row.createdAt.toISOString() }));
  }
}
