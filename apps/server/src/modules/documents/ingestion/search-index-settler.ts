import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { rowsOf } from '../../../db/sql-results.js';

/** Autovacuum's default analyze threshold: a table's statistics are redone once it changed by this share, plus a few rows. */
const ANALYZE_SHARE = 0.1;
const ANALYZE_ROWS = 50;

async function settle(db: Db): Promise<void> {
  await db.execute(sql`select gin_clean_pending_list('document_chunks_tsv_idx'::regclass)`);
  const [row] = rowsOf(
    await db.execute(sql`
      select (select reltuples from pg_class where oid = 'document_chunks'::regclass) as counted,
        (select coalesce(sum(chunks), 0) from documents where status = 'ready') as stored`),
  );
  const counted = Number(row?.counted ?? -1);
  const stored = Number(row?.stored ?? 0);
  // A table of as many passages as when it was last counted is taken as unchanged: no statistics of changed rows to go by here.
  if (counted < 0 || Math.abs(stored - counted) > ANALYZE_SHARE * counted + ANALYZE_ROWS) await db.execute(sql`analyze document_chunks`);
  // Last, so that a document's counted row says the whole settling is done.
  await db.execute(sql`analyze documents`);
}

/**
 * For the embedded database (PGlite: one process, no background workers), what autovacuum does for
 * PostgreSQL, after each document is read. New passages wait in the full-text index's pending
 * list, which every search reads through whole until it is merged; and a table never analysed is
 * planned from guesses: taking the documents table for one row, a search joined the tenant's every
 * passage before its few candidates (p95 158 ms at 100k passages). So the pending list is merged
 * (only the new entries, tens of milliseconds), the passages' statistics are redone when their
 * number moved by a tenth since they were taken, and the documents' (a small table) every time.
 * Documents read side by side settle once: a call while one runs asks for one more run after it,
 * since PGlite's only connection is the visitors' too.
 */
export function searchIndexSettler(db: Db): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    try {
      do {
        again = false;
        await settle(db);
      } while (again);
    } finally {
      running = null;
    }
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = run();
    return running;
  };
}
