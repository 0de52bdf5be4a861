import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAnswers,
  environmentOf,
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
import { migrationsWith } from '#test/migration-folders.js';
import { makeTempDir, testConfig } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { startupSummary } from '../config/startup-summary.js';
import { openDatabase } from '../db/database.js';
import { rowsOf } from '../db/sql-results.js';
import { backupBeforeMigrating, KEPT_BEFORE_MIGRATING } from './pre-migration-backup.js';
import { restoreBackup } from './restore-backup.js';

const SLOW_MS = 180_000;

/** A release whose first new migration works and whose second fails: together they must change nothing. */
const failing = migrationsWith([
  { tag: '9000_backup_probe_column', sql: 'ALTER TABLE "users" ADD COLUMN "backup_probe" integer;' },
  { tag: '9001_broken', sql: 'ALTER TABLE "no_such_table" ADD COLUMN "x" integer;' },
]);
const working = migrationsWith([{ tag: '9000_backup_probe_column', sql: 'ALTER TABLE "users" ADD COLUMN "backup_probe" integer;' }]);
afterAll(() => {
  failing.remove();
  working.remove();
});

const columnsOfUsers = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  rowsOf(await database.db.execute(sql`select column_name from information_schema.columns where table_name = 'users'`)).map((row) => row.column_name);

describe('the embedded server backs itself up before migrating', () => {
  const dir = makeTempDir('sparks-upgrade-');
  const installation: Installation = withGeneratedSecret({ dataDir: dir.path, databaseUrl: undefined });
  // As buildApp has it: the secret the server resolved, here the one generated into DATA_DIR.
  const config = { ...testConfig(environmentOf(installation)), jwtSecret: GENERATED_SECRET };
  const backups = join(dir.path, 'backups');
  let seeded: Seeded;
  let before: Awaited<ReturnType<typeof apiAnswers>>;

  beforeAll(async () => {
    const app = await startInstallation(installation);
    seeded = await seedContent(app);
    before = await apiAnswers(app, seeded);
    await app.close();
  }, SLOW_MS);
  afterAll(() => dir.remove());

  it('takes no backup of a new database', async () => {
    const fresh = makeTempDir('sparks-new-');
    const database = await openDatabase({ dataDir: fresh.path, beforeMigrating: backupBeforeMigrating({ ...config, dataDir: fresh.path }) });
    expect(database.backupBeforeMigrating).toBeUndefined();
    await database.close();
    expect(existsSync(join(fresh.path, 'backups'))).toBe(false);
    fresh.remove();
  });

  it(
    'a failing migration leaves the data as it was, a backup beside it, and says how to restore it',
    async () => {
      const opening = openDatabase({ dataDir: dir.path, migrationsFolder: failing.folder, beforeMigrating: backupBeforeMigrating(config, failing.folder) });
      await expect(opening).rejects.toThrow(
        /^a database migration failed \(relation "no_such_table" does not exist\)\. Nothing was changed: .* A backup taken just before is at .*backups\/sparks-\d{8}-\d{6}-\d{3}-before-9000_backup_probe_column\.tar; to go back to it: npm run restore -- .* --replace$/,
      );
      const saved = readdirSync(backups);
      expect(saved).toHaveLength(1);

      // The first new migration ran in the same transaction as the broken one: it is gone too.
      const reopened = await openDatabase({ dataDir: dir.path });
      expect(await columnsOfUsers(reopened)).not.toContain('backup_probe');
      await reopened.close();
      const app = await startInstallation(installation);
      await expectSameAnswers(app, seeded, before);
      await app.close();

      // The backup restores to the same answers.
      const restoredDir = makeTempDir('sparks-restored-');
      const elsewhere: Installation = { dataDir: restoredDir.path, databaseUrl: undefined };
      const restored = await runCommand(elsewhere, 'restore', join(backups, saved[0]!));
      expect(restored.code, restored.err).toBe(0);
      const restoredApp = await startInstallation(elsewhere);
      await expectSameAnswers(restoredApp, seeded, before);
      await restoredApp.close();
      restoredDir.remove();
    },
    SLOW_MS,
  );

  it(
    'keeps only the last three backups it took',
    async () => {
      for (let attempt = 0; attempt < KEPT_BEFORE_MIGRATING + 1; attempt += 1) {
        await expect(
          openDatabase({ dataDir: dir.path, migrationsFolder: failing.folder, beforeMigrating: backupBeforeMigrating(config, failing.folder) }),
        ).rejects.toThrow(/migration failed/);
      }
      expect(readdirSync(backups).filter((name) => name.endsWith('.tar'))).toHaveLength(KEPT_BEFORE_MIGRATING);
    },
    SLOW_MS,
  );

  it(
    'applies a working migration after its backup, and the start-up summary says where the backup is',
    async () => {
      const database = await openDatabase({
        dataDir: dir.path,
        migrationsFolder: working.folder,
        beforeMigrating: backupBeforeMigrating(config, working.folder),
      });
      expect(database.backupBeforeMigrating).toEqual({ file: expect.stringMatching(/backups\/sparks-.*-before-9000_backup_probe_column\.tar$/), pending: 1 });
      expect(await columnsOfUsers(database)).toContain('backup_probe');
      const lines = startupSummary(config, {
        databaseEngine: 'pglite',
        vectors: true,
        jwtSecretSource: 'data-dir',
        webAppServed: false,
        backupBeforeMigrating: database.backupBeforeMigrating,
      });
      expect(lines.at(-1)).toBe(`backup: before applying 1 new migration, saved ${database.backupBeforeMigrating!.file} (the last 3 are kept)`);
      await database.close();
      // Started again: nothing pending, no backup.
      const again = await openDatabase({ dataDir: dir.path, migrationsFolder: working.folder, beforeMigrating: backupBeforeMigrating(config, working.folder) });
      expect(again.backupBeforeMigrating).toBeUndefined();
      await again.close();
    },
    SLOW_MS,
  );
});

describe.each(testDatabaseTargets())('a restore on $name applies the migrations newer than its backup', (target) => {
  const made = backupScratch();
  const installation = () => made.installation(target);

  it(
    'loads the rows at the backup’s level, then migrates; a failing newer migration is reported and the target keeps the rows',
    async () => {
      const source = withGeneratedSecret(await installation());
      const app = await startInstallation(source);
      const seeded = await seedContent(app);
      const before = await apiAnswers(app, seeded);
      await app.close();
      const archive = join(source.dataDir, 'archive.tar');
      expect((await runCommand(source, 'backup', archive)).code).toBe(0);

      const target = await installation();
      const config = testConfig(environmentOf(target));
      const summary = await restoreBackup({ file: archive, config, replace: false, migrationsFolder: working.folder });
      expect(summary.newerMigrations).toBe(1);
      const migrated = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, migrationsFolder: working.folder });
      expect(await columnsOfUsers(migrated)).toContain('backup_probe');
      await migrated.close();
      const restoredApp = await startInstallation(target);
      await expectSameAnswers(restoredApp, seeded, before);
      await restoredApp.close();

      // On PostgreSQL a failing migration is rolled back as well (no backup there: operators keep their own).
      const broken = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, migrationsFolder: failing.folder }).catch(
        (error: Error) => error,
      );
      expect(broken).toBeInstanceOf(Error);
      expect((broken as Error).message).toMatch(/Nothing was changed/);
    },
    SLOW_MS,
  );
});
