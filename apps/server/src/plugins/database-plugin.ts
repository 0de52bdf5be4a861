import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Opens the database (migrated) for the app's lifetime and closes it when the app closes. */
export const databasePlugin = fp(
  async (app, options: { database?: Database }) => {
    const database =
      options.database ?? (await openDatabase({ databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir }));
    app.decorate('database', database);
    if (!options.database) app.addHook('onClose', async () => database.close());
  },
  { name: 'database', dependencies: ['config'] },
);
