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
    app.decorate('fileStorage', new DiskFileStorage(join(app.config.dataDir, 'files')));
  },
  { name: 'storage', dependencies: ['config'] },
);
