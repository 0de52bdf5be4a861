import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { serveBackups } from './backup/serve-backups.js';
import { resolveJwtSecret } from './config/jwt-secret.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { startupSummary } from './config/startup-summary.js';

/**
 * `--worker` (npm run worker): the background jobs only — ingestion, library syncs, test runs —
 * for a scaled deployment whose API instances run with BACKGROUND_JOBS=off. It serves no HTTP.
 */
const asWorker = process.argv.includes('--worker');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(asWorker ? { ...process.env, BACKGROUND_JOBS: 'on' } : process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const jwt = resolveJwtSecret(config);
  const app = await buildApp({ config: { ...config, jwtSecret: jwt.secret } });

  // On the embedded database, `npm run backup` asks this process to read it (PGlite is one process's).
  const backups = await serveBackups(app);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal ?? 'close'} received, shutting down`);
    await backups?.close();
    await app.close();
  });

  if (asWorker) {
    await app.ready();
    process.stdout.write(
      `Sparks worker is running: background jobs on ${app.database.engine === 'pglite' ? 'PGlite (embedded; one process only)' : 'PostgreSQL'}.\n${
        app.database.backupBeforeMigrating ? `  backup: saved ${app.database.backupBeforeMigrating.file} before migrating\n` : ''
      }`,
    );
    return;
  }
  await app.listen({ host: config.host, port: config.port });
  const lines = startupSummary(config, {
    databaseEngine: app.database.engine,
    vectors: app.database.vectors,
    jwtSecretSource: jwt.source,
    webAppServed: app.webAppServed,
    translator: app.offlineTranslator?.name ?? null,
    backupBeforeMigrating: app.database.backupBeforeMigrating,
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(
    `${['Sparks is running.', ...lines.map((line) => `  ${line}`), `  open: http://localhost:${port}  (API docs: /api/v1/docs)`].join('\n')}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Sparks failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
