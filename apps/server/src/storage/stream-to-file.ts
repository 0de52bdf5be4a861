import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { byteCounter } from './file-storage.js';

/**
 * Streams `body` through `transforms` into a new file at `path` and returns the bytes written. On
 * failure the file is gone when this rejects: the pipeline can fail (a refused upload) while the
 * file is still being opened, and removing it before its stream has closed would let the open
 * create it again afterwards, leaving an empty file behind.
 */
export async function streamToFile(path: string, body: Readable, transforms: readonly Transform[]): Promise<number> {
  const counter = byteCounter();
  const sink = createWriteStream(path, { flags: 'wx' });
  try {
    await pipeline([body, ...transforms, counter.stream, sink]);
    return counter.bytes();
  } catch (error) {
    await finished(sink).catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
}
