import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '#src/app.js';
import type { Config } from '#src/config/config.js';
import { loadConfig } from '#src/config/load-config.js';
import type { TestDatabaseTarget } from './test-databases.js';
import { seedPglite } from '../../../test/support/pglite-template.js';

export function makeTempDir(prefix = 'sparks-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function testConfig(env: Record<string, string | undefined>): Config & { jwtSecret: string } {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  return { ...config, jwtSecret: config.jwtSecret ?? 'test-secret-that-is-long-enough-0123456789' };
}

/** The run's template database, under vitest; the benchmarks start this harness outside it, and their databases from nothing. */
function pgliteTemplate(): string | undefined {
  try {
    return inject('pgliteTemplate');
  } catch {
    return undefined;
  }
}

/** A fully built app on its own data folder and the given database (undefined = PGlite). */
export async function startTestApp(
  databaseUrl: string | undefined,
  env: Record<string, string | undefined> = {},
  extend?: (app: FastifyInstance) => void,
  logStream?: { write(line: string): void },
): Promise<{ app: FastifyInstance; dataDir: string; stop(): Promise<void> }> {
  const dir = makeTempDir();
  // A new embedded database starts as a copy of one made once for the run: PGlite's initdb is the slowest part of a start.
  if (!databaseUrl && !env.DATABASE_URL) seedPglite(env.DATA_DIR ?? dir.path, pgliteTemplate());
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dir.path, DATABASE_URL: databaseUrl, WEB_DIST_DIR: join(dir.path, 'no-web'), ...env }),
    ...(logStream ? { logStream } : {}),
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    dataDir: dir.path,
    async stop() {
      await app.close();
      dir.remove();
    },
  };
}

/** A fully built app on a fresh database of the target; stopping it also drops that database. */
export async function startTestAppOn(
  target: TestDatabaseTarget,
  env: Record<string, string | undefined> = {},
  extend?: (app: FastifyInstance) => void,
): Promise<Awaited<ReturnType<typeof startTestApp>>> {
  const database = await target.create();
  try {
    const harness = await startTestApp(database.databaseUrl, env, extend);
    return {
      ...harness,
      async stop() {
        await harness.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * Registers hooks that start an app on a fresh database of the target before the suite and stop
 * it (and drop the database) after; returns a getter for the running app.
 */
export function appOnTarget(target: TestDatabaseTarget, env: Record<string, string | undefined> = {}): () => FastifyInstance {
  let harness: Awaited<ReturnType<typeof startTestApp>> | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await target.create();
    drop = database.drop;
    harness = await startTestApp(database.databaseUrl, env);
  });
  afterAll(async () => {
    await harness?.stop();
    await drop?.();
  });
  return () => {
    if (!harness) throw new Error('the app is not started yet');
    return harness.app;
  };
}
