import { mkdirSync } from 'node:fs';
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
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite under dataDir is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

export const migrationsFolder = (): string => join(serverRoot(), 'src', 'db', 'migrations');

async function enableVectors(db: Db): Promise<boolean> {
  // Both drivers answer execute() with a result that carries `rows`; the shared Db type does not say so.
  const available = (await db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`)) as unknown as {
    rows: unknown[];
  };
  if (available.rows.length === 0) return false;
  await db.execute(sql`create extension if not exists vector`);
  return true;
}

async function openPglite(dataDir: string): Promise<Database> {
  const folder = join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder, { extensions: { vector } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const vectors = await enableVectors(db);
  await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
  const executeSql = async (text: string, values?: unknown[]) => {
    if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
    const results = await client.exec(text);
    return results.findLast((result) => result.fields.length > 0) ?? { rows: [] };
  };
  // One process only: nothing to take turns with.
  return { db, engine: 'pglite', vectors, executeSql, whileMigrating: (work) => work(), close: () => client.close() };
}

/** The advisory lock key that serialises migrations between instances ("sparks" in ASCII). */
const MIGRATION_LOCK = 0x737061726b73;

async function openPostgres(databaseUrl: string): Promise<Database> {
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
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
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
    return { db, engine: 'postgres', vectors, executeSql, whileMigrating, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** Opens the configured database and applies the committed migrations before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  // Shutdown paths (signal handler, app close, tests) may each close it; only the first call acts.
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()) };
}
