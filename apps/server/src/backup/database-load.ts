import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { CHUNK_EMBEDDINGS_DDL, CHUNK_EMBEDDINGS_TABLE } from '../db/chunk-embeddings-table.js';
import { applyMigrations, type CommittedMigration } from '../db/migration-journal.js';
import type { SqlSession } from '../db/sql-session.js';
import type { Manifest, TableEntry } from './archive-format.js';
import { BackupError } from './backup-error.js';
import { catalogTables, type CatalogTable } from './table-catalog.js';

/** Rows per insert, and a cap on the JSON text one insert carries. */
const BATCH_ROWS = 1_000;
const BATCH_CHARS = 4 * 1024 * 1024;

/** Tables the migrations do not create, which the server makes at run time when it can. */
const RUNTIME_TABLES: Record<string, { needsVectors: boolean; statements: readonly string[] }> = {
  [CHUNK_EMBEDDINGS_TABLE]: { needsVectors: true, statements: CHUNK_EMBEDDINGS_DDL },
};

export interface LoadResult {
  tables: number;
  rows: number;
  /** Tables of the backup that this target cannot hold (the embeddings without pgvector), with their row counts. */
  leftOut: Array<{ name: string; rows: number }>;
}

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * Rebuilds the schema of the backup's level on an empty database and loads its rows, inside the
 * caller's transaction: `migrations` are the committed ones up to that level. User triggers are
 * off while rows load (spark_terms comes from the archive as it was, not counted again from the
 * chunks); foreign keys stay on and hold because tables load parents first. Every table's count is
 * checked against the manifest before the caller commits.
 */
export async function loadDatabase(
  session: SqlSession,
  manifest: Manifest,
  dir: string,
  options: { vectors: boolean; migrations: readonly CommittedMigration[] },
): Promise<LoadResult> {
  await applyMigrations(session, options.migrations);
  if (options.vectors) await session.exec('create extension if not exists vector');
  const existing = new Set((await catalogTables(session)).map((table) => table.name));
  const leftOut: LoadResult['leftOut'] = [];
  for (const table of manifest.tables) {
    if (existing.has(table.name)) continue;
    const runtime = RUNTIME_TABLES[table.name];
    if (!runtime) {
      throw new BackupError(`the backup holds a table "${table.name}" that the migrations up to ${manifest.migrations.lastTag ?? 'its level'} do not create`);
    }
    if (runtime.needsVectors && !options.vectors) {
      leftOut.push({ name: table.name, rows: table.rows });
      continue;
    }
    for (const statement of runtime.statements) await session.exec(statement);
  }
  const archived = new Map(manifest.tables.map((table) => [table.name, table]));
  const loading = (await catalogTables(session)).filter((table) => archived.has(table.name) && !leftOut.some((left) => left.name === table.name));
  for (const table of loading) checkColumns(table, archived.get(table.name)!);

  for (const table of loading) await session.exec(`alter table ${quoted(table.name)} disable trigger user`);
  let rows = 0;
  for (const table of loading) rows += await loadTable(session, archived.get(table.name)!, dir);
  for (const table of loading) await session.exec(`alter table ${quoted(table.name)} enable trigger user`);

  for (const sequence of manifest.sequences) {
    if (sequence.value !== null) await session.query('select setval($1::regclass, $2::bigint, true)', [`public.${quoted(sequence.name)}`, sequence.value]);
  }
  for (const table of loading) {
    const [counted] = await session.query<{ n: number }>(`select count(*)::int as n from ${quoted(table.name)}`);
    const expected = archived.get(table.name)!.rows;
    if (counted?.n !== expected) throw new BackupError(`table ${table.name} holds ${counted?.n ?? 0} rows after loading, the manifest says ${expected}`);
  }
  return { tables: loading.length, rows, leftOut };
}

/** Every archived column must exist in the rebuilt table; columns added since take their defaults. */
function checkColumns(table: CatalogTable, archived: TableEntry): void {
  const present = new Set(table.columns.map((column) => column.name));
  const unknown = archived.columns.filter((column) => !present.has(column.name));
  if (unknown.length > 0) throw new BackupError(`table ${table.name} of the backup has columns this schema lacks: ${unknown.map((c) => c.name).join(', ')}`);
}

/** Streams one table's JSON lines into batched inserts; PostgreSQL turns each line back into a row of the table's own type. */
async function loadTable(session: SqlSession, table: TableEntry, dir: string): Promise<number> {
  const columns = table.columns.map((column) => quoted(column.name)).join(', ');
  const insert = `insert into ${quoted(table.name)} (${columns}) select ${columns} from json_populate_recordset(null::${quoted(table.name)}, $1::json)`;
  let batch: string[] = [];
  let chars = 0;
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await session.query(insert, [`[${batch.join(',')}]`]);
    rows += batch.length;
    batch = [];
    chars = 0;
  };
  const source = createReadStream(join(dir, table.entry));
  const text = source.pipe(createGunzip()).setEncoding('utf8');
  source.on('error', (error) => text.destroy(error));
  let rest = '';
  for await (const chunk of text as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line) continue;
      batch.push(line);
      chars += line.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
    }
  }
  if (rest) batch.push(rest);
  await flush();
  return rows;
}
