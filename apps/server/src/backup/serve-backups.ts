import type { FastifyInstance } from 'fastify';
import { serveControlSocket } from './control-socket.js';
import { writeBackup } from './write-backup.js';

/**
 * Serves `npm run backup` for a running app on the embedded database: PGlite belongs to this
 * process alone, so the command asks this process to read it. The read holds PGlite's only
 * connection while it runs; requests wait for it rather than fail. Nothing for PostgreSQL, which
 * the command reads directly.
 */
export async function serveBackups(app: FastifyInstance): Promise<{ close(): Promise<void> } | undefined> {
  if (app.database.engine !== 'pglite') return undefined;
  const { config } = app;
  return serveControlSocket({
    dataDir: config.dataDir,
    backup: (file) =>
      writeBackup({
        source: app.database,
        storage: app.fileStorage,
        storageKind: config.storage.s3Endpoint ? 's3' : 'disk',
        dataDir: config.dataDir,
        jwtSecret: config.jwtSecret,
        file,
      }),
    warn: (message) => app.log.warn(message),
  });
}
