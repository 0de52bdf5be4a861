import { AUDIT_PAGE_SIZE, AUDIT_RETENTION_DAYS, DAY_MS, type AuditEvent, type AuditKind, type AuditPage, type AuditQuery } from '@sparks/contract';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { auditEvents } from '../../db/schema.js';

type Row = typeof auditEvents.$inferSelect;

const view = (row: Row): AuditEvent => ({
  _id: row.id,
  at: row.createdAt.toISOString(),
  kind: row.kind as AuditKind,
  actor: { userId: row.actorUserId, email: row.actorEmail },
  detail: row.detail,
});

/** Rows exported in one read: the export streams the log in pages of this many. */
const EXPORT_BATCH = 500;

/** Reading the audit log: a page at a time, the whole of it as a file, and forgetting what is past its keeping. */
export class AuditService {
  constructor(private readonly db: Db) {}

  private where(tenantId: string, query: Pick<AuditQuery, 'person' | 'kind'>, before?: Date): SQL {
    return and(
      eq(auditEvents.tenantId, tenantId),
      query.person ? eq(auditEvents.actorUserId, query.person) : undefined,
      query.kind ? eq(auditEvents.kind, query.kind) : undefined,
      before ? lt(auditEvents.createdAt, before) : undefined,
    )!;
  }

  /** The newest events first, filtered by person and kind; `next` reads on from the last one. */
  async page(tenantId: string, query: AuditQuery): Promise<AuditPage> {
    const rows = await this.db
      .select()
      .from(auditEvents)
      .where(this.where(tenantId, query, query.before ? new Date(query.before) : undefined))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(AUDIT_PAGE_SIZE + 1);
    const events = rows.slice(0, AUDIT_PAGE_SIZE).map(view);
    return { events, next: rows.length > AUDIT_PAGE_SIZE ? events.at(-1)!.at : null };
  }

  /** Every event the filters keep from before `until` (the export's own start), newest first, read in batches as the file is written. */
  async *all(tenantId: string, query: Pick<AuditQuery, 'person' | 'kind'>, until: Date): AsyncGenerator<AuditEvent> {
    let before = until;
    for (;;) {
      const rows = await this.db
        .select()
        .from(auditEvents)
        .where(this.where(tenantId, query, before))
        .orderBy(desc(auditEvents.createdAt))
        .limit(EXPORT_BATCH);
      for (const row of rows) yield view(row);
      if (rows.length < EXPORT_BATCH) return;
      before = rows.at(-1)!.createdAt;
    }
  }

  /** Deletes what is older than the log keeps; answers how many. */
  async forgetOld(now = Date.now()): Promise<number> {
    const gone = await this.db
      .delete(auditEvents)
      .where(lt(auditEvents.createdAt, new Date(now - AUDIT_RETENTION_DAYS * DAY_MS)))
      .returning({ id: auditEvents.id });
    return gone.length;
  }
}
