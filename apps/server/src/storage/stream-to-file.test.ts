import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { streamToFile } from './stream-to-file.js';

const dir = mkdtempSync(join(tmpdir(), 'sparks-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Refuses the first bytes it sees, as the upload sniffer refuses a file that is not what it claims. */
const refuseAtOnce = () =>
  new Transform({
    transform(_chunk, _encoding, done) {
      done(new Error('refused'));
    },
  });

describe('streamToFile', () => {
  it('writes every byte through the transforms and counts them', async () => {
    const path = join(dir, 'whole.part');
    const bytes = await streamToFile(path, Readable.from([Buffer.from('hello '), Buffer.from('world')]), []);
    expect(bytes).toBe(11);
    expect(readFileSync(path, 'utf8')).toBe('hello world');
  });

  it('leaves no file behind when the stream is refused before the file has even opened', async () => {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const path = join(dir, `refused-${attempt}.part`);
      await expect(streamToFile(path, Readable.from([Buffer.from('<html>')]), [refuseAtOnce()])).rejects.toThrow('refused');
      expect(existsSync(path), `attempt ${attempt}`).toBe(false);
    }
  });
});
