import type { VisitorChannel } from '@sparks/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../db/sql-results.js';

export interface ExportRow {
  id: string;
  conversation_id: string;
  kind: 'widget' | 'test';
  channel: VisitorChannel | null;
  type: string;
  data: { content?: string; citations?: Array<{ title?: string; page?: number }> };
  created_at: Date | string;
  rating: 'up' | 'down' | null;
  comment: string | null;
  /** The time in the database's own precision (microseconds): the page cursor, which a JavaScript Date would round. */
  cursor: string;
}

/** Messages read in pages of this size: an export of any length holds one page in memory at a time. */
export const EXPORT_PAGE = 500;

/** A Spark's visitor and test-chat messages, oldest first, one page after another (keyset on time and id). */
export class ConversationExportRepository {
  constructor(private readonly db: Db) {}

  async page(
    tenantId: string,
    sparkId: string,
    options: { since: Date; kinds: Array<'widget' | 'test'>; after?: { cursor: string; id: string } },
  ): Promise<ExportRow[]> {
    const after = options.after ? sql`and (m.created_at, m.id) > (${options.after.cursor}::timestamptz, ${options.after.id}::uuid)` : sql``;
    const kinds = sql.join(
      options.kinds.map((kind) => sql`${kind}`),
      sql`, `,
    );
    return rowsOf(
      await this.db.execute(sql`
        select m.id, m.conversation_id, c.kind, c.channel, m.type, m.data, m.created_at, m.created_at::text as cursor, f.rating, f.comment
        from chat_messages m
        join conversations c on c.id = m.conversation_id
        left join message_feedback f on f.message_id = m.id
        where c.tenant_id = ${tenantId} and c.spark_id = ${sparkId} and c.kind in (${kinds})
          and m.created_at >= ${options.since.toISOString()}::timestamptz ${after}
        order by m.created_at, m.id
        limit ${EXPORT_PAGE}`),
    ) as unknown as ExportRow[];
  }
}
