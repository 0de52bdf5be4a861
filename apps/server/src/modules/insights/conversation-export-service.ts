import { TEST_START_MESSAGE, type ConversationExportQuery, type ExportedMessage } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { ConversationExportRepository, EXPORT_PAGE, type ExportRow } from './conversation-export-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The word a test chat sends to open itself ("inicio"): the product's, not something the owner typed. */
const isTestOpening = (row: ExportRow): boolean =>
  row.kind === 'test' && row.type === 'human' && (row.data.content ?? '').trim().toLowerCase() === TEST_START_MESSAGE;

/** A stored message as an export row: who spoke, when, what they said, and the sources the answer cited. */
function exported(row: ExportRow): ExportedMessage {
  const human = row.type === 'human';
  return {
    conversationId: row.conversation_id,
    channel: row.kind === 'test' ? 'test' : (row.channel ?? 'widget'),
    time: new Date(row.created_at).toISOString(),
    // In a visitor conversation the owner speaks only after taking it over (type `owner`, docs/decisions/0030).
    role: human ? (row.kind === 'widget' ? 'visitor' : 'owner') : row.type === 'owner' ? 'owner' : 'spark',
    text: row.data.content ?? '',
    citations: (row.data.citations ?? [])
      .map((citation) => (citation.page ? `${citation.title ?? ''} p. ${citation.page}` : (citation.title ?? '')))
      .join('; '),
    feedback: row.rating ? (row.comment ? `${row.rating}: ${row.comment}` : row.rating) : '',
  };
}

/**
 * A Spark's conversations as rows to download (visitors' and the owner's test chats), read a page
 * at a time so an export of any size streams instead of being built in memory.
 */
export class ConversationExportService {
  private readonly repository: ConversationExportRepository;

  constructor(
    db: Db,
    private readonly sparks: SparksService,
  ) {
    this.repository = new ConversationExportRepository(db);
  }

  /** Checks the Spark is the caller's before anything is sent: a stranger gets a plain 404, not a broken download. */
  async open(tenantId: string, sparkId: string, query: ConversationExportQuery): Promise<AsyncGenerator<ExportedMessage>> {
    await this.sparks.get(tenantId, sparkId);
    return this.rows(tenantId, sparkId, query);
  }

  private async *rows(tenantId: string, sparkId: string, query: ConversationExportQuery): AsyncGenerator<ExportedMessage> {
    const since = new Date(Date.now() - Number(query.days) * DAY_MS);
    const kinds: Array<'widget' | 'test'> = query.kinds === 'all' ? ['widget', 'test'] : [query.kinds];
    let after: { cursor: string; id: string } | undefined;
    for (;;) {
      const page = await this.repository.page(tenantId, sparkId, { since, kinds, ...(after ? { after } : {}) });
      // Notices of someone joining or leaving are the widget's words, not the conversation's.
      for (const row of page) if (!isTestOpening(row) && row.type !== 'notice') yield exported(row);
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      after = { cursor: last.cursor, id: last.id };
    }
  }
}
