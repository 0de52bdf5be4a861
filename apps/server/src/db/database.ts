import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { serverRoot } from '../lib/server-root.js';
import { appliedLevel, committedMigrations, pendingMigrations } from './migration-journal.js';
import { pgliteSession, readOnPostgres, type SqlSession } from './sql-session.js';
import { listenOnPostgres } from './postgres-listener.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** True when pgvector is installed; embeddings are optional and search falls back to full-text. */
  vectors: boolean;
  /**
   * Plain SQL with positional parameters, for libraries that bring their own SQL (the job queue).
   * Without parameters the text may hold several statements; the last result with rows is answered.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs `work` while no other instance runs migrations (or its own job-queue set-up). */
  whileMigrating<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` on one connection that sees a single moment of the database (a backup). On
   * PGlite, which has one connection, other queries wait until it ends.
   */
  readConsistently<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * LISTEN: NOTIFY payloads of `channel` (sent with `select pg_notify(...)`, delivered on commit)
   * go to `handler`; `onReconnect` says some may have been missed. Answers a function that stops.
   */
  listen(channel: string, handler: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>;
  /** Embedded only: the backup written at this start because migrations were pending. */
  backupBeforeMigrating: { file: string; pending: number } | undefined;
  close(): Promise<void>;
}

/** What an embedded database that already holds data tells the hook before pending migrations run. */
export interface BeforeMigrating {
  /** Tags of the migrations about to be applied, oldest first. */
  pending: string[];
  readConsistently<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite under dataDir is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Another migrations folder (a test of a failing migration); the committed one by default. */
  migrationsFolder?: string | undefined;
  /**
   * Embedded only: called when the database already holds data and migrations are pending,
   * before they are applied; answers where it saved a backup. When it fails, nothing is migrated.
   */
  beforeMigrating?: ((facts: BeforeMigrating) => Promise<string>) | undefined;
}

export const migrationsFolder = (): string => join(serverRoot(), 'src', 'db', 'migrations');

/** The innermost reason of an error: drizzle wraps the driver's error with the whole statement. */
function rootReason(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/** A migration failed; pending migrations run in one transaction, which was rolled back. */
function migrationFailed(error: unknown, backup: string | undefined): Error {
  const restore = backup ? ` A backup taken just before is at ${backup}; to go back to it: npm run restore -- ${backup} --replace` : '';
  return new Error(
    `a database migration failed (${rootReason(error)}). Nothing was changed: migrations run in one transaction, so the data is as it was before this start.${restore}`,
    { cause: error },
  );
}

async function enableVectors(db: Db): Promise<boolean> {
  // Both drivers answer execute() with a result that carries `rows`; the shared Db type does not say so.
  const available = (await db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`)) as unknown as {
    rows: unknown[];
  };
  if (available.rows.length === 0) return false;
  await db.execute(sql`create extension if not exists vector`);
  return true;
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const folder = join(options.dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const existing = existsSync(join(folder, 'PG_VERSION'));
  const client = await PGlite.create(folder, { extensions: { vector } }).catch((error: unknown) => {
    if (!existing) throw error;
    // PGlite's data folder format can change between its releases: only a logical backup crosses that line.
    throw new Error(
      `the embedded database in ${folder} could not be opened (${rootReason(error)}). If Sparks was just upgraded, its PGlite may not read this folder: run the previous version, take a backup with "npm run backup -- <file>", then restore it with this one into an empty DATA_DIR (docs/operations.md, Upgrades)`,
      { cause: error },
    );
  });
  try {
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    const vectors = await enableVectors(db);
    // The transaction holds PGlite's only connection: requests wait for the read instead of failing.
    const readConsistently = <T>(work: (session: SqlSession) => Promise<T>) =>
      client.transaction(async (tx) => {
        await tx.exec('set transaction read only');
        return work(pgliteSession(tx));
      });
    const folderOfMigrations = options.migrationsFolder ?? migrationsFolder();
    let backupBeforeMigrating: Database['backupBeforeMigrating'];
    const level = await appliedLevel(pgliteSession(client));
    const pending = pendingMigrations(committedMigrations(folderOfMigrations), level);
    // A new database has nothing to lose; an existing one is saved before its schema changes.
    if (options.beforeMigrating && level && pending.length > 0) {
      const file = await options.beforeMigrating({ pending: pending.map((migration) => migration.tag), readConsistently });
      backupBeforeMigrating = { file, pending: pending.length };
    }
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder: folderOfMigrations });
    } catch (error) {
      throw migrationFailed(error, backupBeforeMigrating?.file);
    }
    const executeSql = async (text: string, values?: unknown[]) => {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return results.findLast((result) => result.fields.length > 0) ?? { rows: [] };
    };
    // One process only: nothing to take turns with.
    return {
      db,
      engine: 'pglite',
      vectors,
      executeSql,
      whileMigrating: (work) => work(),
      readConsistently,
      backupBeforeMigrating,
      // PGlite delivers its own NOTIFYs in this process; there is no connection to lose.
      listen: async (channel, handler) => {
        const stop = await client.listen(channel, handler);
        return () => stop();
      },
      close: () => client.close(),
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** The advisory lock key that serialises migrations between instances ("sparks" in ASCII); restores take it too. */
export const MIGRATION_LOCK = 0x737061726b73;

async function openPostgres(databaseUrl: string, folderOfMigrations: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its server (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    // Instances started together take turns: the first applies the migrations, the others find them applied.
    const client = await pool.connect();
    let vectors: boolean;
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      vectors = await enableVectors(db);
      try {
        await migratePg(drizzlePg(client), { migrationsFolder: folderOfMigrations });
      } catch (error) {
        throw migrationFailed(error, undefined);
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    const executeSql = async (text: string, values?: unknown[]) => {
      if (values && values.length > 0) return pool.query(text, values);
      // Several statements may open a transaction and fail inside it; the client must not go back
      // to the pool still in that failed transaction.
      const client = await pool.connect();
      try {
        const result = await client.query(text);
        // A text of several statements answers one result per statement.
        const results = Array.isArray(result) ? (result as pg.QueryResult[]) : [result];
        return results.findLast((one) => one.fields.length > 0) ?? { rows: [] };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
    const whileMigrating = async <T>(work: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    };
    const readConsistently = async <T>(work: (session: SqlSession) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        return await readOnPostgres(client, work);
      } finally {
        client.release();
      }
    };
    const listen = async (channel: string, handler: (payload: string) => void, onReconnect: () => void) =>
      listenOnPostgres(databaseUrl, channel, handler, onReconnect);
    return { db, engine: 'postgres', vectors, executeSql, whileMigrating, readConsistently, listen, backupBeforeMigrating: undefined, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** Opens the configured database and applies the committed migrations before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl, options.migrationsFolder ?? migrationsFolder()) : await openPglite(options);
  // Shutdown paths (signal handler, app close, tests) may each close it; only the first call acts.
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()) };
}
