import { Transform, type Readable } from 'node:stream';

/** Where uploaded files live: a folder on disk by default, S3-compatible object storage when configured. */
export interface FileStorage {
  /**
   * Streams `body` through `transforms` to `key`; the object appears whole or not at all (an
   * error anywhere in the chain removes it). Returns the bytes written.
   */
  put(key: string, body: Readable, ...transforms: Transform[]): Promise<number>;
  read(key: string): Promise<Buffer>;
  /** Removing what is already gone is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a whole Spark's files). */
  removePrefix(prefix: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key under `prefix` (whole objects only, never one being written); for backups and restores. */
  keys(prefix: string): AsyncIterable<string>;
  /** Copies the object at `key` to a new local file at `path` (a backup's copy); rejects when it is gone. */
  saveCopy(key: string, path: string): Promise<void>;
}

/** Keys are made by the server from ids only; a user's file name never reaches a path. */
const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*$/;

export const isSafeKey = (key: string): boolean => SAFE_KEY.test(key) && !key.includes('//') && !key.endsWith('/');

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** Every file of a Spark lives under this prefix, so deleting the Spark can delete them all at once. */
export const tenantFilesPrefix = (tenantId: string): string => `tenants/${tenantId}`;
export const sparkFilesPrefix = (tenantId: string, sparkId: string): string => `${tenantFilesPrefix(tenantId)}/sparks/${sparkId}`;

/** Passes bytes through and counts them: what a store reports as the size it wrote. */
export function byteCounter(): { stream: Transform; bytes(): number } {
  let written = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => written };
}
