import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { assertSafeKey, type FileStorage } from './file-storage.js';
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

  private pathOf(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }
}
