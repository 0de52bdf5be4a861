import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A connection string for a new empty database, or undefined for PGlite; call drop() when done. */
  create(): Promise<{ databaseUrl: string | undefined; drop(): Promise<void> }>;
}

const pglite: TestDatabaseTarget = {
  name: 'pglite',
  create: async () => ({ databaseUrl: undefined, drop: async () => undefined }),
};

function postgres(adminUrl: string): TestDatabaseTarget {
  return {
    name: 'postgres',
    async create() {
      const name = `sparks_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        databaseUrl: url.toString(),
        async drop() {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          await client.query(`drop database if exists "${name}" with (force)`);
          await client.end();
        },
      };
    },
  };
}

/**
 * The databases every integration suite runs against: PGlite always, and the real PostgreSQL
 * when TEST_DATABASE_URL names one (CI sets it). Each suite gets a database of its own.
 */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? [pglite, postgres(adminUrl)] : [pglite];
}
