import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStorage } from './file-storage.js';
import { streamToFile } from './stream-to-file.js';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph…), addressed path-style
 * so any of them works. An upload is streamed to a temporary file first — its length must be
 * known before S3 takes it, and a refused or cut upload must never reach the bucket — then
 * streamed from there.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly scratchDir: string,
  ) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      // S3-compatible servers vary in their support of the newer checksum trailers; ask for them only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, body: Readable, ...transforms: Transform[]): Promise<number> {
    assertSafeKey(key);
    await mkdir(this.scratchDir, { recursive: true });
    const scratch = join(this.scratchDir, `${randomUUID()}.part`);
    const bytes = await streamToFile(scratch, body, transforms);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: createReadStream(scratch), ContentLength: bytes }));
      return bytes;
    } finally {
      await rm(scratch, { force: true });
    }
  }

  async read(key: string): Promise<Buffer> {
    assertSafeKey(key);
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    if (!object.Body) throw new Error(`empty object ${key}`);
    return Buffer.from(await object.Body.transformToByteArray());
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async removePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${prefix}/`, ContinuationToken: token }));
      await Promise.all(
        (page.Contents ?? []).map((item) => item.Key && this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: item.Key }))),
      );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  async *keys(prefix: string): AsyncIterable<string> {
    assertSafeKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${prefix}/`, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) yield item.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Objects are at most the upload limit (10 MB), so one read in memory is fine. */
  async saveCopy(key: string, path: string): Promise<void> {
    await writeFile(path, await this.read(key), { flag: 'wx' });
  }

  close(): void {
    this.client.destroy();
  }
}
