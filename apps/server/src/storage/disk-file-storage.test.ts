import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '#test/test-app.js';
import { DiskFileStorage } from './disk-file-storage.js';

const dir = makeTempDir('sparks-disk-');
afterAll(() => dir.remove());

describe('DiskFileStorage, as backups use it', () => {
  const storage = new DiskFileStorage(join(dir.path, 'files'));

  it('lists whole files under a prefix, never a write in progress or a name it would not make', async () => {
    await storage.put('tenants/t1/sparks/s1/documents/d1', Readable.from([Buffer.from('one')]));
    await storage.put('tenants/t1/sparks/s2/documents/d2', Readable.from([Buffer.from('two')]));
    await storage.put('other/d3', Readable.from([Buffer.from('three')]));
    writeFileSync(join(dir.path, 'files', 'tenants', 't1', 'sparks', 's1', 'documents', 'd4.1234.part'), 'half');
    mkdirSync(join(dir.path, 'files', 'tenants', 'empty'), { recursive: true });
    writeFileSync(join(dir.path, 'files', 'tenants', '.DS_Store'), '');
    const keys: string[] = [];
    for await (const key of storage.keys('tenants')) keys.push(key);
    expect(keys.sort()).toEqual(['tenants/t1/sparks/s1/documents/d1', 'tenants/t1/sparks/s2/documents/d2']);
    const none: string[] = [];
    for await (const key of storage.keys('nothing-here')) none.push(key);
    expect(none).toEqual([]);
  });

  it('saves a copy that keeps its bytes when the key is removed afterwards', async () => {
    const copy = join(dir.path, 'copy');
    await storage.saveCopy('tenants/t1/sparks/s1/documents/d1', copy);
    await storage.remove('tenants/t1/sparks/s1/documents/d1');
    expect(readFileSync(copy, 'utf8')).toBe('one');
    await expect(storage.saveCopy('tenants/t1/sparks/s1/documents/d1', join(dir.path, 'gone'))).rejects.toThrow(/ENOENT/);
  });
});
