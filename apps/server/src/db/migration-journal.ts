import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { SqlSession } from './sql-session.js';

/** One committed migration, as drizzle reads it: its statements, its journal time and the hash it records. */
export interface CommittedMigration {
  tag: string;
  /** The journal's `when`: drizzle records it as `created_at` and applies every migration newer than the last recorded one. */
  when: number;
  hash: string;
  statements: string[];
}

/** What a database has applied: how many migrations, and the last one (by journal time). */
export interface AppliedLevel {
  count: number;
  lastWhen: number;
  lastHash: string;
}

/** The committed migrations of `folder`, oldest first, with their tags from the journal. */
export function committedMigrations(folder: string): CommittedMigration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, index) => {
    const file = files[index];
    if (!file || file.folderMillis !== entry.when) throw new Error(`migration ${entry.tag} is missing from ${folder}`);
    return { tag: entry.tag, when: entry.when, hash: file.hash, statements: file.sql };
  });
}

/** The level recorded in drizzle's table, or undefined for a database no migration has touched. */
export async function appliedLevel(session: SqlSession): Promise<AppliedLevel | undefined> {
  const [table] = await session.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return undefined;
  const [last] = await session.query<{ count: number; last_when: string | null; hash: string | null }>(
    `select (select count(*)::int from drizzle.__drizzle_migrations) as count, created_at::text as last_when, hash
     from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last?.last_when || !last.hash) return undefined;
  return { count: last.count, lastWhen: Number(last.last_when), lastHash: last.hash };
}

/** The committed migrations a database at `level` has not applied yet, as drizzle decides it. */
export const pendingMigrations = (migrations: readonly CommittedMigration[], level: AppliedLevel | undefined): CommittedMigration[] =>
  migrations.filter((migration) => !level || migration.when > level.lastWhen);

/**
 * Applies `migrations` inside the caller's transaction and records them exactly as drizzle's
 * migrator does (same table, hash and time), so a server started later finds them applied.
 * Restores use it to rebuild the schema of a backup's level in the same transaction as its rows.
 */
export async function applyMigrations(session: SqlSession, migrations: readonly CommittedMigration[]): Promise<void> {
  await session.exec(`create schema if not exists drizzle;
    create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const migration of migrations) {
    for (const statement of migration.statements) if (statement.trim()) await session.exec(statement);
    await session.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [migration.hash, migration.when]);
  }
}
