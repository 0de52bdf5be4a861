import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { assertSafeKey, isSafeKey, type FileStorage } from './file-storage.js';
import { streamToFile } from './stream-to-file.js';

/** Files under one root folder; a write goes to a temporary name and is renamed, so a crash leaves no half file. */
export class DiskFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Readable, ...transforms: Transform[]): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.part`;
    const bytes = await streamToFile(partial, body, transforms);
    try {
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return bytes;
  }

  async read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    await rm(join(this.root, prefix), { recursive: true, force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async *keys(prefix: string): AsyncIterable<string> {
    assertSafeKey(prefix);
    let entries;
    try {
      entries = await readdir(join(this.root, prefix), { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      // A `.part` is a write in progress (see put); anything else that is not a key was not written by us.
      if (isSafeKey(key)) yield key;
    }
  }

  /**
   * A hard link where it can (instant, and it keeps the bytes even if the key is removed or
   * replaced meanwhile, since writes rename a new file over the key); a copy across disks.
   */
  async saveCopy(key: string, path: string): Promise<void> {
    const source = this.pathOf(key);
    try {
      await link(source, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
      await copyFile(source, path);
    }
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }
}
