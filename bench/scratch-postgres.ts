import { randomBytes } from 'node:crypto';
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throw-away database on the machine's PostgreSQL (BENCH_DATABASE_URL to use another); undefined when none answers. */
export async function scratchPostgres(): Promise<{ url: string; version: string; drop(): Promise<void> } | undefined> {
  const name = `bench_docs_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(`PostgreSQL at ${ADMIN_URL} is not reachable (${(error as Error).message}); its rows are skipped.`);
    return undefined;
  }
  const version = String((await admin.query('show server_version')).rows[0]?.server_version ?? '');
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version,
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
