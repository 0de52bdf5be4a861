import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '#src/db/database.js';
import { makeTempDir } from './test-app.js';

/**
 * A copy of the committed migrations folder with `extra` migrations after the last one, as a
 * release that adds them would ship: for tests of a migration that fails, or of a restore that
 * applies migrations newer than its backup. remove() deletes the copy.
 */
export function migrationsWith(extra: Array<{ tag: string; sql: string }>): { folder: string; remove(): void } {
  const dir = makeTempDir('sparks-migrations-');
  cpSync(migrationsFolder(), dir.path, { recursive: true });
  const journalPath = join(dir.path, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
  };
  const last = journal.entries.at(-1)!;
  extra.forEach((migration, index) => {
    writeFileSync(join(dir.path, `${migration.tag}.sql`), migration.sql);
    journal.entries.push({ idx: last.idx + index + 1, version: last.version, when: last.when + (index + 1) * 1000, tag: migration.tag, breakpoints: true });
  });
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return { folder: dir.path, remove: dir.remove };
}
