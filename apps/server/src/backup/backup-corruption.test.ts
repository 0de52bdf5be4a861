import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { create, extract } from 'tar';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiAnswers,
  expectSameAnswers,
  GENERATED_SECRET,
  runCommand,
  seedContent,
  startInstallation,
  withGeneratedSecret,
  type Installation,
  type Seeded,
} from '#test/backup-helpers.js';
import { backupScratch } from '#test/backup-scratch.js';
import { documentsClient } from '#test/documents-helpers.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { rowsOf } from '../db/sql-results.js';
import { ENTRY, type Manifest } from './archive-format.js';
import { writeBackup } from './write-backup.js';

const SLOW_MS = 180_000;
const made = backupScratch();
const tempDir = made.folder;

let seeded: Seeded;
let before: Awaited<ReturnType<typeof apiAnswers>>;
let good: Buffer;

const archives = tempDir('sparks-damaged-');
const source = withGeneratedSecret({ dataDir: tempDir('sparks-source-'), databaseUrl: undefined });

beforeAll(async () => {
  const app = await startInstallation(source);
  seeded = await seedContent(app);
  before = await apiAnswers(app, seeded);
  await app.close();
  const file = join(archives, 'good.tar');
  expect((await runCommand(source, 'backup', file)).code).toBe(0);
  good = readFileSync(file);
}, SLOW_MS);

/** A new embedded installation restored from the good archive, for a test that changes it. */
async function restoredCopy(prefix: string): Promise<Installation> {
  const copy: Installation = withGeneratedSecret({ dataDir: tempDir(prefix), databaseUrl: undefined });
  expect((await runCommand(copy, 'restore', join(archives, 'good.tar'))).code).toBe(0);
  return copy;
}

/** The good archive with one byte of a stored file flipped, as a bad disk or transfer would. */
function flippedFileByte(): Buffer {
  const damaged = Buffer.from(good);
  const at = damaged.indexOf('Bicycles can be returned within 30 days');
  expect(at).toBeGreaterThan(0);
  damaged[at + 5] = damaged[at + 5]! ^ 0x20;
  return damaged;
}

/**
 * A well-formed archive whose manifest promises one user more than it holds, with checksums made
 * to match: it passes every check before loading and fails only once the rows are in, which shows
 * that a restore failing halfway leaves nothing behind.
 */
async function overcountedUsers(): Promise<Buffer> {
  const dir = tempDir('sparks-crafted-');
  await extract({ file: join(archives, 'good.tar'), cwd: dir });
  const manifest = JSON.parse(readFileSync(join(dir, ENTRY.manifest), 'utf8')) as Manifest;
  manifest.tables.find((table) => table.name === 'users')!.rows += 1;
  writeFileSync(join(dir, ENTRY.manifest), JSON.stringify(manifest));
  const sha = createHash('sha256')
    .update(readFileSync(join(dir, ENTRY.manifest)))
    .digest('hex');
  const checksums = readFileSync(join(dir, ENTRY.checksums), 'utf8').replace(/^[0-9a-f]{64} {2}manifest\.json$/m, `${sha}  manifest.json`);
  writeFileSync(join(dir, ENTRY.checksums), checksums);
  const file = join(archives, 'crafted.tar');
  await create({ file, cwd: dir, portable: true }, readdirSync(dir));
  return readFileSync(file);
}

describe.each(testDatabaseTargets())('a damaged archive restored on $name', (target) => {
  const installation = () => made.installation(target);

  /** What a target holds, to compare before and after a refused restore: its folder, and its PostgreSQL tables. */
  const stateOf = async (one: Installation) => {
    const folder = readdirSync(one.dataDir).sort();
    if (!one.databaseUrl) return { folder };
    const client = new pg.Client({ connectionString: one.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') order by 1`,
      );
      return { folder, tables: rows.map((row) => row.name) };
    } finally {
      await client.end();
    }
  };

  const cases: Array<[string, () => Buffer | Promise<Buffer>, RegExp]> = [
    [
      'a flipped byte in a stored file',
      flippedFileByte,
      /^restore failed: the archive is damaged: files\/tenants\/.+\/documents\/[0-9a-f-]+ does not match its checksum$/,
    ],
    ['a cut-off archive', () => good.subarray(0, Math.floor(good.length / 2)), /^restore failed: .*(is not a readable archive|the archive is incomplete)/],
    [
      'a file that is not an archive',
      () => Buffer.from('PK\u0003\u0004 not a tar at all'.repeat(200)),
      /^restore failed: .*(is not a readable archive|is not a Sparks backup)/,
    ],
    ['rows that disagree with the manifest', overcountedUsers, /^restore failed: table users holds \d+ rows after loading, the manifest says \d+$/],
  ];

  it.each(cases)(
    '%s: a clear one-line error, and an empty target stays empty',
    async (_name, damage, message) => {
      const file = join(archives, `damaged-${target.name}-${Math.random().toString(36).slice(2)}.tar`);
      writeFileSync(file, await damage());
      const empty = await installation();
      const state = await stateOf(empty);
      const result = await runCommand(empty, 'restore', file);
      expect(result.code).toBe(1);
      expect(result.err).toMatch(message);
      expect(result.err.split('\n')).toHaveLength(1);
      expect(await stateOf(empty)).toEqual(state);
    },
    SLOW_MS,
  );

  it(
    'with --replace, a target that holds data keeps it when the archive is damaged or its rows fail to load',
    async () => {
      const full = await installation();
      expect((await runCommand(full, 'restore', join(archives, 'good.tar'))).code).toBe(0);
      for (const damage of [flippedFileByte, overcountedUsers]) {
        const file = join(archives, `replace-${target.name}-${Math.random().toString(36).slice(2)}.tar`);
        writeFileSync(file, await damage());
        const result = await runCommand(full, 'restore', file, '--replace');
        expect(result.code, result.out).toBe(1);
      }
      const app = await startInstallation(full);
      await expectSameAnswers(app, seeded, before);
      await app.close();
    },
    SLOW_MS,
  );
});

describe('a stored file already lost before the backup', () => {
  it(
    'is named in the manifest and by both commands, and the rest restores',
    async () => {
      const copy = await restoredCopy('sparks-lossy-');
      const lost = readdirSync(join(copy.dataDir, 'files'), { recursive: true })
        .map(String)
        .find((path) => path.endsWith(seeded.documentIds[0]!))!;
      rmSync(join(copy.dataDir, 'files', lost));
      const file = join(archives, 'lossy.tar');
      const backup = await runCommand(copy, 'backup', file);
      expect(backup.code).toBe(0);
      expect(backup.err).toBe(`warning: 1 document file(s) were already missing from storage: ${lost}`);
      const dir = tempDir('sparks-lossy-manifest-');
      await extract({ file, cwd: dir });
      expect((JSON.parse(readFileSync(join(dir, ENTRY.manifest), 'utf8')) as Manifest).files).toMatchObject({ count: 1, missing: [lost] });
      const restored = await runCommand({ dataDir: tempDir('sparks-lossy-restored-'), databaseUrl: undefined }, 'restore', file);
      expect(restored.code).toBe(0);
      expect(restored.out).toContain('note: 1 document file(s) were already missing when the backup was taken');
    },
    SLOW_MS,
  );
});

describe('a document deleted while its file is being copied', () => {
  it(
    'makes the backup read again, so the archive holds neither its row nor a missing file',
    async () => {
      const copy = await restoredCopy('sparks-busy-');
      const app = await startInstallation(copy);
      made.later(() => app.close());
      const doomed = seeded.documentIds[1]!;
      const [row] = rowsOf(await app.database.db.execute(sql`select storage_key from documents where id = ${doomed}`));
      const doomedKey = String(row!.storage_key);
      // An owner deletes the document the moment the backup, its rows read, starts copying that document's file.
      const asked: string[] = [];
      const storage = new Proxy(app.fileStorage, {
        get(target, property) {
          if (property === 'saveCopy')
            return async (key: string, path: string) => {
              asked.push(key);
              if (key === doomedKey && asked.filter((item) => item === doomedKey).length === 1) {
                const removed = await documentsClient(app, seeded.token).remove(seeded.sparkId, doomed);
                expect(removed.statusCode, removed.payload).toBe(200);
              }
              return target.saveCopy(key, path);
            };
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
      const file = join(archives, 'busy.tar');
      const summary = await writeBackup({ source: app.database, storage, storageKind: 'disk', dataDir: copy.dataDir, jwtSecret: GENERATED_SECRET, file });
      expect(asked).toContain(doomedKey);
      expect(summary).toMatchObject({ files: 1, missingFiles: [] });
      const dir = tempDir('sparks-busy-manifest-');
      await extract({ file, cwd: dir });
      const manifest = JSON.parse(readFileSync(join(dir, ENTRY.manifest), 'utf8')) as Manifest;
      expect(manifest.files).toMatchObject({ count: 1, missing: [] });
      expect(manifest.files.entries.map((entry) => entry.key)).not.toContain(doomedKey);
      expect(manifest.tables.find((table) => table.name === 'documents')?.rows).toBe(seeded.documentIds.length - 1);
    },
    SLOW_MS,
  );
});
