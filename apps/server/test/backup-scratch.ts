import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Installation } from './backup-helpers.js';
import { makeTempDir } from './test-app.js';
import type { TestDatabaseTarget } from './test-databases.js';

type Cleanup = () => Promise<void> | void;

/**
 * Folders, databases and running apps a backup suite makes, removed after it, last made first.
 * Called in a describe block (or at the top of a file, for the whole file).
 */
export function backupScratch() {
  const cleanups: Cleanup[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const folder = (prefix: string): string => {
    const dir = makeTempDir(prefix);
    cleanups.push(() => dir.remove());
    return dir.path;
  };
  return {
    folder,
    /** An installation of its own: a data folder, and a database of its own on `target` (none: the embedded PGlite in the folder). */
    async installation(target?: TestDatabaseTarget, s3?: { endpoint: string; bucket: string }): Promise<Installation> {
      const dataDir = folder('sparks-backup-');
      const database = target ? await target.create() : undefined;
      if (database) cleanups.push(database.drop);
      return { dataDir, databaseUrl: database?.databaseUrl, s3: s3 ? { endpoint: s3.endpoint, bucket: s3.bucket } : undefined };
    },
    /** Where to write an archive, in a folder of its own. */
    archive: (name: string): string => join(folder('sparks-archives-'), name),
    later(cleanup: Cleanup) {
      cleanups.push(cleanup);
    },
  };
}
