import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Config } from '../config/config.js';
import { migrationsFolder as committedMigrationsFolder } from '../db/database.js';
import { committedMigrations } from '../db/migration-journal.js';
import { createFileStorage } from '../storage/create-file-storage.js';
import { ENTRY, type Manifest } from './archive-format.js';
import { BackupError } from './backup-error.js';
import { loadDatabase } from './database-load.js';
import { readArchive } from './read-archive.js';
import { replaceFolder } from './replace-folder.js';
import { embeddedTarget, postgresTarget } from './restore-target.js';
import { uploadArchivedFiles } from './stored-files.js';

export interface RestoreOptions {
  file: string;
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'storage' | 'jwtSecret'>;
  /** Restore over a target that already holds data (it is replaced whole). */
  replace: boolean;
  migrationsFolder?: string | undefined;
}

export interface RestoreSummary {
  target: string;
  migration: string;
  /** Migrations newer than the backup, applied after its rows were loaded. */
  newerMigrations: number;
  tables: number;
  rows: number;
  files: number;
  jwtSecret: 'restored' | 'not-in-backup';
  /** Things the person restoring should know (left-out embeddings, the JWT secret to set). */
  notes: string[];
  seconds: number;
}

/** The committed migrations up to the backup's level; refuses a backup from a newer Sparks. */
function migrationsUpTo(manifest: Manifest, folder: string) {
  const committed = committedMigrations(folder);
  const index = committed.findIndex((migration) => migration.when === manifest.migrations.lastWhen);
  if (index < 0) {
    const newest = committed.at(-1);
    if (newest && manifest.migrations.lastWhen > newest.when) {
      throw new BackupError(
        `this backup comes from a newer Sparks (${manifest.product.version}, database at ${manifest.migrations.lastTag ?? 'a later migration'}): restore it with that version or a later one`,
      );
    }
    throw new BackupError(`the backup's database level (${manifest.migrations.lastTag ?? manifest.migrations.lastWhen}) is not one of this Sparks' migrations`);
  }
  return { upTo: committed.slice(0, index + 1), newer: committed.length - index - 1 };
}

/**
 * Restores an archive into the configured target (DATA_DIR or DATABASE_URL, disk or S3, the same
 * settings the server reads). In order, each step only once the previous one succeeded:
 * 1. unpack and verify the whole archive in DATA_DIR/.restore-*; nothing else is read before;
 * 2. refuse a target in use, or holding data without `replace`;
 * 3. S3: upload the files (next to any old ones, which nothing refers to yet);
 * 4. rebuild the schema at the backup's level and load the rows in one transaction, counts checked;
 * 5. apply newer migrations; put the new database folder and files folder in place;
 * 6. S3 with `replace`: remove objects the backup does not have; write the JWT secret.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const started = performance.now();
  const { config } = options;
  const folder = options.migrationsFolder ?? committedMigrationsFolder();
  await mkdir(config.dataDir, { recursive: true });
  const staging = join(config.dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  const files = createFileStorage(config);
  try {
    const manifest = await readArchive(resolve(options.file), join(staging, 'archive'));
    const migrations = migrationsUpTo(manifest, folder);
    const target = config.databaseUrl ? postgresTarget(config.databaseUrl, config.dataDir) : embeddedTarget(config.dataDir, staging);
    const busy = await target.inUse();
    if (busy) throw new BackupError(busy);
    if (!options.replace) {
      if (await target.hasData()) throw new BackupError(`${target.description} already holds data: restore into an empty one, or add --replace to replace it`);
      if (await storageHoldsFiles(files, config.dataDir)) {
        throw new BackupError(
          `the file storage (${files.kind === 's3' ? 'bucket' : join(config.dataDir, 'files')}) already holds files: add --replace to replace them`,
        );
      }
    }
    const archiveDir = join(staging, 'archive');
    if (files.kind === 's3') await uploadArchivedFiles(files.storage, manifest, archiveDir);
    // Files on disk take their place right after the rows they belong to.
    const placeFiles = async () => {
      if (files.kind !== 'disk') return;
      const restored = join(archiveDir, 'files');
      if (!existsSync(restored)) await mkdir(restored);
      await replaceFolder(restored, join(config.dataDir, 'files'));
    };
    const loaded = await target.load((session, vectors) => loadDatabase(session, manifest, archiveDir, { vectors, migrations: migrations.upTo }));
    if (target.liveAfterLoad) await placeFiles();
    await target.migrate(folder);
    await target.commit();
    if (!target.liveAfterLoad) await placeFiles();
    if (files.kind === 's3' && options.replace) {
      const kept = new Set(manifest.files.entries.map((entry) => entry.key));
      const stale: string[] = [];
      for await (const key of files.storage.keys('tenants')) if (!kept.has(key)) stale.push(key);
      for (const key of stale) await files.storage.remove(key);
    }
    const notes = loaded.leftOut.map(
      ({ name, rows }) =>
        `${name} (${rows} rows) was left out: this database has no pgvector, so search is full-text only; the passages themselves are all restored`,
    );
    if (manifest.jwtSecret.included) {
      const secret = await readFile(join(archiveDir, ENTRY.jwtSecret), 'utf8');
      await writeFile(join(config.dataDir, 'jwt-secret'), secret, { mode: 0o600 });
      if (config.jwtSecret && config.jwtSecret !== secret.trim()) {
        notes.push(
          `JWT_SECRET in the environment differs from the backed-up secret (now in ${join(config.dataDir, 'jwt-secret')}): set JWT_SECRET to that value, or every session and SharePoint connection of the backup stops working`,
        );
      }
    } else {
      notes.push(`the backup holds no JWT secret (${manifest.jwtSecret.reason})`);
    }
    if (manifest.files.missing.length > 0) notes.push(`${manifest.files.missing.length} document file(s) were already missing when the backup was taken`);
    return {
      target: target.description,
      migration: manifest.migrations.lastTag ?? String(manifest.migrations.lastWhen),
      newerMigrations: migrations.newer,
      tables: loaded.tables,
      rows: loaded.rows,
      files: manifest.files.count,
      jwtSecret: manifest.jwtSecret.included ? 'restored' : 'not-in-backup',
      notes,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    files.close();
    await rm(staging, { recursive: true, force: true });
  }
}

async function storageHoldsFiles(files: ReturnType<typeof createFileStorage>, dataDir: string): Promise<boolean> {
  if (files.kind === 'disk') {
    const root = join(dataDir, 'files');
    return existsSync(root) && readdirSync(root).length > 0;
  }
  for await (const _key of files.storage.keys('tenants')) return true;
  return false;
}
