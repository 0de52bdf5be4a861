import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A pass-through that hashes and counts what flows through it, so a part is hashed as it is written. */
export function hashingStream(): { stream: Transform; digest(): { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, digest: () => ({ sha256: hash.digest('hex'), bytes }) };
}

/** SHA-256 and size of a file on disk. */
export async function sha256OfFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hashing = hashingStream();
  await pipeline(createReadStream(path), hashing.stream, async (source: AsyncIterable<Buffer>) => {
    for await (const _chunk of source);
  });
  return hashing.digest();
}
