import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FileStorage } from '../storage/file-storage.js';
import type { Manifest } from './archive-format.js';
import { ENTRY } from './archive-format.js';
import { sha256OfFile } from './checksums.js';

/** Copies in flight at once: enough to hide S3's latency, few enough for two cores. */
const PARALLEL = 4;

/** Runs `work` over `items`, at most PARALLEL at a time. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/**
 * Copies each stored file a row refers to into `dir` (as `files/<key>`) with its checksum. A key
 * whose file is gone is reported, not fatal: the caller decides whether that is a removal that
 * happened after its snapshot (read again) or a file lost before it (recorded in the manifest).
 */
export async function copyStoredFiles(
  storage: FileStorage,
  keys: readonly string[],
  dir: string,
): Promise<{ entries: Manifest['files']['entries']; missing: string[] }> {
  const entries: Manifest['files']['entries'] = [];
  const missing: string[] = [];
  await eachLimited(keys, async (key) => {
    const path = join(dir, ENTRY.file(key));
    await mkdir(dirname(path), { recursive: true });
    try {
      await storage.saveCopy(key, path);
    } catch (error) {
      if (await storage.exists(key)) throw error;
      missing.push(key);
      return;
    }
    entries.push({ key, ...(await sha256OfFile(path)) });
  });
  entries.sort((a, b) => a.key.localeCompare(b.key));
  return { entries, missing: missing.sort() };
}

/** Puts every file of a verified archive into the store (S3); an existing object under the same key is overwritten. */
export async function uploadArchivedFiles(storage: FileStorage, manifest: Manifest, dir: string): Promise<void> {
  await eachLimited(manifest.files.entries, async ({ key }) => {
    await storage.put(key, createReadStream(join(dir, ENTRY.file(key))));
  });
}
