import fp from 'fastify-plugin';
import { createFileStorage } from '../storage/create-file-storage.js';
import type { FileStorage } from '../storage/file-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export const storagePlugin = fp(
  async (app) => {
    const { storage, close } = createFileStorage(app.config);
    app.decorate('fileStorage', storage);
    app.addHook('onClose', async () => close());
  },
  { name: 'storage', dependencies: ['config'] },
);
