import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import type { BeforeMigrating } from '../db/database.js';
import { createFileStorage } from '../storage/create-file-storage.js';
import { writeBackup } from './write-backup.js';

/** How many backups taken before migrations are kept in DATA_DIR/backups. */
export const KEPT_BEFORE_MIGRATING = 3;

/** Only files this hook named are pruned; anything else a person put in the folder stays. */
const OWN_NAME = /^sparks-\d{8}-\d{6}-\d{3}-before-[\w-]+\.tar$/;

/** 20261125-054806-143: sorts as time does. */
const stamp = (date: Date): string => date.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').slice(0, 19);

/**
 * The embedded server's safety net before it changes its schema (see openDatabase): a full backup
 * in DATA_DIR/backups/, named after the time and the first pending migration, of which the last
 * three are kept. It is the same archive `npm run backup` writes, so `npm run restore` reads it.
 */
export function backupBeforeMigrating(config: Pick<Config, 'dataDir' | 'storage' | 'jwtSecret'>, migrationsFolder?: string) {
  return async ({ pending, readConsistently }: BeforeMigrating): Promise<string> => {
    const folder = join(config.dataDir, 'backups');
    await mkdir(folder, { recursive: true });
    const file = join(folder, `sparks-${stamp(new Date())}-before-${pending[0] ?? 'migrations'}.tar`);
    const files = createFileStorage(config);
    try {
      await writeBackup({
        source: { engine: 'pglite', readConsistently },
        storage: files.storage,
        storageKind: files.kind,
        dataDir: config.dataDir,
        jwtSecret: config.jwtSecret,
        file,
        migrationsFolder,
      });
    } catch (error) {
      throw new Error(`could not write the backup taken before migrating, so nothing was migrated: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    } finally {
      files.close();
    }
    const own = (await readdir(folder)).filter((name) => OWN_NAME.test(name)).sort();
    for (const name of own.slice(0, -KEPT_BEFORE_MIGRATING)) await rm(join(folder, name), { force: true });
    return file;
  };
}
