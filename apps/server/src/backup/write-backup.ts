import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { create as createTar } from 'tar';
import { migrationsFolder as committedMigrationsFolder } from '../db/database.js';
import type { SqlSession } from '../db/sql-session.js';
import { serverRoot } from '../lib/server-root.js';
import type { FileStorage } from '../storage/file-storage.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, ENTRY, LEFT_OUT, type Manifest } from './archive-format.js';
import { BackupError } from './backup-error.js';
import { sha256OfFile } from './checksums.js';
import { dumpDatabase, type DatabaseDump } from './database-dump.js';
import { copyStoredFiles } from './stored-files.js';

/** Where a backup reads the database from: one consistent moment of it. */
export interface BackupSource {
  engine: 'pglite' | 'postgres';
  readConsistently<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
}

export interface WriteBackupOptions {
  source: BackupSource;
  storage: FileStorage;
  storageKind: 'disk' | 's3';
  /** Where the generated JWT secret is kept (DATA_DIR). */
  dataDir: string;
  /** The secret the server signs with, when known: the generated file is only included when it is the one in use. */
  jwtSecret: string | undefined;
  file: string;
  migrationsFolder?: string | undefined;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  migration: string;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  missingFiles: string[];
  jwtSecretIncluded: boolean;
  seconds: number;
  /** How long the database was held for the read (on PGlite, requests wait this long). */
  readSeconds: number;
}

/** Reads again at most this many times when files vanish between the database read and their copy. */
const ATTEMPTS = 3;

const productVersion = (): string => (JSON.parse(readFileSync(join(serverRoot(), 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Writes one archive of everything (archive-format.ts): the database as of one moment, every file
 * its rows refer to, the generated JWT secret and the manifest. Parts are staged beside the output
 * and the archive appears under its name only once complete. Files are copied after the database
 * read, so a document removed in between leaves a row whose file is gone: then the whole read is
 * taken again, and the archive stays one consistent moment.
 */
export async function writeBackup(options: WriteBackupOptions): Promise<BackupSummary> {
  const started = performance.now();
  const file = resolve(options.file);
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another name or remove it first`);
  await mkdir(dirname(file), { recursive: true });
  const staging = join(dirname(file), `.${basename(file)}.parts-${randomBytes(4).toString('hex')}`);
  const partial = `${staging}.tar`;
  try {
    let dump: DatabaseDump;
    let copied: Awaited<ReturnType<typeof copyStoredFiles>>;
    let readSeconds = 0;
    for (let attempt = 1; ; attempt += 1) {
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging, { recursive: true });
      const readStarted = performance.now();
      dump = await options.source.readConsistently((session) =>
        dumpDatabase(session, staging, options.source.engine, options.migrationsFolder ?? committedMigrationsFolder()),
      );
      readSeconds = (performance.now() - readStarted) / 1000;
      copied = await copyStoredFiles(options.storage, dump.referencedKeys, staging);
      if (copied.missing.length === 0 || attempt === ATTEMPTS) break;
      const stillReferenced = await options.source.readConsistently((session) =>
        session.query<{ key: string }>('select distinct storage_key as key from documents where storage_key = any($1::text[])', [copied.missing]),
      );
      // Rows still there whose files are gone were lost before this backup: reading again would not bring them back.
      if (stillReferenced.length === copied.missing.length) break;
    }
    const secret = await stageJwtSecret(options, staging);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      product: { name: 'sparks', version: productVersion() },
      createdAt: new Date().toISOString(),
      source: { ...dump.source, files: options.storageKind },
      migrations: dump.migrations,
      tables: dump.tables,
      sequences: dump.sequences,
      files: {
        count: copied.entries.length,
        bytes: copied.entries.reduce((sum, entry) => sum + entry.bytes, 0),
        entries: copied.entries,
        missing: copied.missing,
      },
      jwtSecret: secret,
      leftOut: LEFT_OUT,
    };
    await writeFile(join(staging, ENTRY.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    const checksums = [
      [ENTRY.manifest, (await sha256OfFile(join(staging, ENTRY.manifest))).sha256],
      ...(secret.included ? [[ENTRY.jwtSecret, secret.sha256]] : []),
      ...dump.tables.map((table) => [table.entry, table.sha256]),
      ...copied.entries.map((entry) => [ENTRY.file(entry.key), entry.sha256]),
    ];
    // sha256sum's own format, so `tar -xf` then `sha256sum -c checksums.sha256` checks an archive by hand.
    await writeFile(join(staging, ENTRY.checksums), checksums.map(([path, sha]) => `${sha}  ${path}\n`).join(''));
    const parts = [ENTRY.checksums, ENTRY.manifest, ...(secret.included ? ['secrets'] : []), 'database', ...(copied.entries.length > 0 ? ['files'] : [])];
    await createTar({ file: partial, cwd: staging, portable: true }, parts);
    // It holds every account and the signing secret: readable by its owner only.
    await chmod(partial, 0o600);
    await rename(partial, file);
    return {
      file,
      bytes: (await stat(file)).size,
      migration: dump.migrations.lastTag ?? String(dump.migrations.lastWhen),
      tables: dump.tables.length,
      rows: dump.tables.reduce((sum, table) => sum + table.rows, 0),
      files: copied.entries.length,
      fileBytes: manifest.files.bytes,
      missingFiles: copied.missing,
      jwtSecretIncluded: secret.included,
      seconds: (performance.now() - started) / 1000,
      readSeconds,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** The generated secret (DATA_DIR/jwt-secret) when it is the one in use; a JWT_SECRET from the environment is never written down. */
async function stageJwtSecret(options: WriteBackupOptions, staging: string): Promise<Manifest['jwtSecret']> {
  let stored: string;
  try {
    stored = (await readFile(join(options.dataDir, 'jwt-secret'), 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return {
      included: false,
      reason: options.jwtSecret ? 'JWT_SECRET is set in the environment: give the restored server the same value' : 'no secret was generated yet',
    };
  }
  if (options.jwtSecret && options.jwtSecret !== stored) {
    return { included: false, reason: 'JWT_SECRET is set in the environment: give the restored server the same value' };
  }
  const path = join(staging, ENTRY.jwtSecret);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${stored}\n`, { mode: 0o600 });
  return { included: true, sha256: (await sha256OfFile(path)).sha256 };
}
