import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { DiskFileStorage } from './disk-file-storage.js';
import type { FileStorage } from './file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

/**
 * The file store the configuration names: the S3-compatible bucket when S3_ENDPOINT and
 * S3_BUCKET are set, otherwise DATA_DIR/files. The server, backups and restores pick it here,
 * so they always agree on where files are. `close` releases the S3 client's connections.
 */
export function createFileStorage(config: Pick<Config, 'dataDir' | 'storage'>): { storage: FileStorage; kind: 'disk' | 's3'; close(): void } {
  const { s3Endpoint, s3Bucket, s3Region, s3AccessKeyId, s3SecretAccessKey } = config.storage;
  if (s3Endpoint && s3Bucket) {
    const storage = new S3FileStorage(
      { endpoint: s3Endpoint, bucket: s3Bucket, region: s3Region, accessKeyId: s3AccessKeyId, secretAccessKey: s3SecretAccessKey },
      join(config.dataDir, 'tmp'),
    );
    return { storage, kind: 's3', close: () => storage.close() };
  }
  return { storage: new DiskFileStorage(join(config.dataDir, 'files')), kind: 'disk', close: () => undefined };
}
