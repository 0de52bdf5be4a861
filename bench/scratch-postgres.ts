import pg from 'pg';
import { scratchDatabase } from '../apps/server/test/scratch-database.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throw-away database on the machine's PostgreSQL (BENCH_DATABASE_URL to use another); undefined when none answers. */
export async function scratchPostgres(): Promise<{ url: string; version: string; drop(): Promise<void> } | undefined> {
  const probe = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  let version: string;
  try {
    await probe.connect();
    version = String((await probe.query('show server_version')).rows[0]?.server_version ?? '');
  } catch (error) {
    console.warn(`PostgreSQL at ${ADMIN_URL} is not reachable (${(error as Error).message}); its rows are skipped.`);
    return undefined;
  } finally {
    await probe.end().catch(() => undefined);
  }
  return { ...(await scratchDatabase(ADMIN_URL, 'bench_docs')), version };
}
