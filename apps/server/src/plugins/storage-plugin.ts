import { join } from 'node:path';
import fp from 'fastify-plugin';
import { DiskFileStorage } from '../storage/disk-file-storage.js';
import type { FileStorage } from '../storage/file-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export const storagePlugin = fp(
  async (app) => {
    // Storing files on local disk when S3 was asked for would lose them on the next deploy: refuse instead.
    if (app.config.storage.s3Endpoint) throw new Error('S3_ENDPOINT is set, but S3-compatible storage is not available in this version; unset it to store files under DATA_DIR/files.');
    app.decorate('fileStorage', new DiskFileStorage(join(app.config.dataDir, 'files')));
  },
  { name: 'storage', dependencies: ['config'] },
);
