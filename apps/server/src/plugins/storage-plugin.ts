import { join } from 'node:path';
import fp from 'fastify-plugin';
import { DiskFileStorage } from '../storage/disk-file-storage.js';
import type { FileStorage } from '../storage/file-storage.js';
import { S3FileStorage } from '../storage/s3-file-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export const storagePlugin = fp(
  async (app) => {
    const { s3Endpoint, s3Bucket, s3Region, s3AccessKeyId, s3SecretAccessKey } = app.config.storage;
    if (s3Endpoint && s3Bucket) {
      const storage = new S3FileStorage(
        { endpoint: s3Endpoint, bucket: s3Bucket, region: s3Region, accessKeyId: s3AccessKeyId, secretAccessKey: s3SecretAccessKey },
        join(app.config.dataDir, 'tmp'),
      );
      app.decorate('fileStorage', storage);
      app.addHook('onClose', async () => storage.close());
      return;
    }
    app.decorate('fileStorage', new DiskFileStorage(join(app.config.dataDir, 'files')));
  },
  { name: 'storage', dependencies: ['config'] },
);
