import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { committedMigrations, appliedLevel } from '../db/migration-journal.js';
import type { SqlSession } from '../db/sql-session.js';
import { ENTRY, type Manifest, type TableEntry } from './archive-format.js';
import { BackupError } from './backup-error.js';
import { hashingStream } from './checksums.js';
import { catalogSequences, catalogTables, type CatalogTable } from './table-catalog.js';

/** Rows fetched per round trip from the cursor. */
const FETCH_ROWS = 2_000;

export interface DatabaseDump {
  source: Pick<Manifest['source'], 'engine' | 'serverVersion' | 'vectors'>;
  migrations: Manifest['migrations'];
  tables: TableEntry[];
  sequences: Manifest['sequences'];
  /** Storage keys the rows refer to (documents.storage_key): the files the archive must hold. */
  referencedKeys: string[];
}

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * Writes every application table as JSON lines into `dir` (one gzip file per table) from the
 * session's single snapshot. Values go out as PostgreSQL prints them in JSON (row_to_json), and
 * a restore reads them back with json_populate_recordset on the server, so every type (jsonb,
 * tsvector, vector, timestamps to the microsecond, numerics) comes back exactly, on either engine,
 * without passing through JavaScript numbers or dates.
 */
export async function dumpDatabase(session: SqlSession, dir: string, engine: 'pglite' | 'postgres', migrationsFolder: string): Promise<DatabaseDump> {
  const level = await appliedLevel(session);
  if (!level) throw new BackupError('the database has no schema yet: start Sparks once, or there is nothing to back up');
  const known = committedMigrations(migrationsFolder).find((migration) => migration.when === level.lastWhen);
  const [facts] = await session.query<{ version: string; vectors: boolean }>(
    `select current_setting('server_version') as version, exists (select 1 from pg_extension where extname = 'vector') as vectors`,
  );
  const tables: TableEntry[] = [];
  for (const table of await catalogTables(session)) tables.push(await dumpTable(session, table, dir));
  const referenced = tables.some((table) => table.name === 'documents')
    ? await session.query<{ key: string }>('select distinct storage_key as key from documents order by storage_key')
    : [];
  return {
    source: { engine, serverVersion: facts?.version ?? 'unknown', vectors: facts?.vectors ?? false },
    migrations: { count: level.count, lastTag: known?.tag ?? null, lastWhen: level.lastWhen, lastHash: level.lastHash },
    tables,
    sequences: await catalogSequences(session),
    referencedKeys: referenced.map((row) => row.key),
  };
}

async function dumpTable(session: SqlSession, table: CatalogTable, dir: string): Promise<TableEntry> {
  const entry = ENTRY.table(table.name);
  const path = join(dir, entry);
  await mkdir(dirname(path), { recursive: true });
  const columns = table.columns.map((column) => quoted(column.name)).join(', ');
  // Ordered by the primary key, so two backups of the same data are the same bytes.
  const order = table.primaryKey.length > 0 ? ` order by ${table.primaryKey.map(quoted).join(', ')}` : '';
  const cursor = `backup_${table.name}`;
  await session.exec(
    `declare ${quoted(cursor)} no scroll cursor for select row_to_json(r)::text as line from (select ${columns} from ${quoted(table.name)}${order}) r`,
  );
  let rows = 0;
  async function* lines() {
    for (;;) {
      const batch = await session.query<{ line: string }>(`fetch ${FETCH_ROWS} from ${quoted(cursor)}`);
      if (batch.length === 0) return;
      rows += batch.length;
      yield `${batch.map((row) => row.line).join('\n')}\n`;
    }
  }
  const hashing = hashingStream();
  // Level 1: most of what gzip saves on this text for a fraction of its time, and on PGlite the read holds the database.
  await pipeline(Readable.from(lines()), createGzip({ level: constants.Z_BEST_SPEED }), hashing.stream, createWriteStream(path, { flags: 'wx' }));
  await session.exec(`close ${quoted(cursor)}`);
  return { name: table.name, rows, columns: table.columns, entry, ...hashing.digest() };
}
