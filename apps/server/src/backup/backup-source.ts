import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import type { Config } from '../config/config.js';
import { pgliteSession, readOnPostgres } from '../db/sql-session.js';
import { BackupError } from './backup-error.js';
import { embeddedFolderInUse } from './embedded-folder-in-use.js';
import type { BackupSource } from './write-backup.js';

/**
 * The configured database opened for reading only, as the backup command needs it when no server
 * holds it: PostgreSQL through one client, or the embedded folder directly (the caller has made
 * sure no server answers on it; a folder another process still has open is refused). Nothing is
 * migrated: a backup reads what is there.
 */
export async function openBackupSource(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<{ source: BackupSource; close(): Promise<void> }> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 10_000 });
    await client.connect().catch((error: Error) => {
      throw new BackupError(`cannot reach the database in DATABASE_URL (${error.message})`);
    });
    return {
      source: { engine: 'postgres', readConsistently: (work) => readOnPostgres(client, work) },
      close: () => client.end(),
    };
  }
  const folder = join(config.dataDir, 'pglite');
  if (!existsSync(folder) || readdirSync(folder).length === 0) {
    throw new BackupError(`there is no embedded database in ${folder}: set DATA_DIR (or DATABASE_URL) as the server has it`);
  }
  const busy = await embeddedFolderInUse(config.dataDir);
  if (busy) throw new BackupError(busy);
  const client = await PGlite.create(folder, { extensions: { vector } });
  return {
    source: {
      engine: 'pglite',
      readConsistently: (work) =>
        client.transaction(async (tx) => {
          await tx.exec('set transaction read only');
          return work(pgliteSession(tx));
        }),
    },
    close: () => client.close(),
  };
}
