import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/**
 * Shares the open database with every module. It is opened before the app is built (see
 * buildApp) because a first start creates the embedded cluster, which on a busy machine can take
 * longer than Fastify lets a plugin take; the app closes it on shutdown when it owns it.
 */
export const databasePlugin = fp(
  async (app, options: { database: Database; owned: boolean }) => {
    app.decorate('database', options.database);
    if (options.owned) app.addHook('onClose', async () => options.database.close());
  },
  { name: 'database', dependencies: ['config'] },
);
