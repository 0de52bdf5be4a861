import { AUDIT_PAGE_SIZE, AUDIT_RETENTION_DAYS, DAY_MS, ERROR_CODES, type AuditEvent, type AuditKind, type AuditPage, type AuditQuery } from '@sparks/contract';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import type { Db } from '../../db/database.js';
import { auditEvents } from '../../db/schema.js';

type Row = typeof auditEvents.$inferSelect & { cursorAt: string };

/**
 * Where a page ends: the last event's moment to the microsecond (as the database keeps it; a
 * JavaScript date has milliseconds only) and its id, which orders events of one moment. Paging by
 * both never skips nor repeats an event, however many share an instant.
 */
interface Cursor {
  at: string;
  id: string;
}
const MICROSECOND_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const encodeCursor = (row: Row): string => Buffer.from(`${row.cursorAt}|${row.id}`).toString('base64url');
function decodeCursor(text: string): Cursor {
  const [at = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !MICROSECOND_MOMENT.test(at) || !UUID.test(id))
    throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'before must be the next of the page before.');
  return { at, id };
}
const COLUMNS = {
  id: auditEvents.id,
  tenantId: auditEvents.tenantId,
  actorUserId: auditEvents.actorUserId,
  actorEmail: auditEvents.actorEmail,
  kind: auditEvents.kind,
  detail: auditEvents.detail,
  createdAt: auditEvents.createdAt,
  cursorAt: sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

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

  private where(tenantId: string, query: Pick<AuditQuery, 'person' | 'kind'>, before?: Cursor | Date): SQL {
    return and(
      eq(auditEvents.tenantId, tenantId),
      query.person ? eq(auditEvents.actorUserId, query.person) : undefined,
      query.kind ? eq(auditEvents.kind, query.kind) : undefined,
      before instanceof Date
        ? lt(auditEvents.createdAt, before)
        : before
          ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`
          : undefined,
    )!;
  }

  /** The newest events first, filtered by person and kind; `next` reads on from the last one. */
  async page(tenantId: string, query: AuditQuery): Promise<AuditPage> {
    const rows = await this.db
      .select(COLUMNS)
      .from(auditEvents)
      .where(this.where(tenantId, query, query.before ? decodeCursor(query.before) : undefined))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(AUDIT_PAGE_SIZE + 1);
    const shown = rows.slice(0, AUDIT_PAGE_SIZE);
    return { events: shown.map(view), next: rows.length > AUDIT_PAGE_SIZE ? encodeCursor(shown.at(-1)!) : null };
  }

  /** Every event the filters keep from before `until` (the export's own start), newest first, read in batches as the file is written. */
  async *all(tenantId: string, query: Pick<AuditQuery, 'person' | 'kind'>, until: Date): AsyncGenerator<AuditEvent> {
    let before: Cursor | Date = until;
    for (;;) {
      const rows: Row[] = await this.db
        .select(COLUMNS)
        .from(auditEvents)
        .where(this.where(tenantId, query, before))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(EXPORT_BATCH);
      for (const row of rows) yield view(row);
      if (rows.length < EXPORT_BATCH) return;
      const last = rows.at(-1)!;
      before = { at: last.cursorAt, id: last.id };
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
