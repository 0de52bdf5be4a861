import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { rowsOf } from '../../../db/sql-results.js';

/** Autovacuum's default analyze threshold: a table's statistics are redone once this share of it changed, plus a few rows. */
const ANALYZE_SHARE = 0.1;
const ANALYZE_ROWS = 50;

/**
 * After a document's passages are stored: what autovacuum does for PostgreSQL, which the embedded
 * database (PGlite, one process, no background workers) never gets. New passages wait in the
 * full-text index's pending list, which every search reads through whole until it is merged; and
 * a table never analysed is planned from guesses: taking the documents table for one row, a search
 * joined the tenant's every passage before its few candidates (over 100 ms at 100k passages). So
 * the pending list is merged now (only the new entries, tens of milliseconds), the documents'
 * statistics are redone (a small table), and the passages' when that table has grown or shrunk by
 * a tenth since they were taken, as autovacuum would. On PostgreSQL it only does early what
 * autovacuum would do later.
 */
export async function settleSearchIndex(db: Db): Promise<void> {
  await db.execute(sql`select gin_clean_pending_list('document_chunks_tsv_idx'::regclass)`);
  const [row] = rowsOf(
    await db.execute(sql`
      select (select reltuples from pg_class where oid = 'document_chunks'::regclass) as counted,
        (select coalesce(sum(chunks), 0) from documents where status = 'ready') as stored`),
  );
  const counted = Number(row?.counted ?? -1);
  const stored = Number(row?.stored ?? 0);
  await db.execute(sql`analyze documents`);
  if (counted < 0 || Math.abs(stored - counted) > ANALYZE_SHARE * counted + ANALYZE_ROWS) await db.execute(sql`analyze document_chunks`);
}
