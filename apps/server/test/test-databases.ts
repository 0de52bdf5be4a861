import { scratchDatabase } from './scratch-database.js';

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
      const database = await scratchDatabase(adminUrl, 'sparks_test');
      return { databaseUrl: database.url, drop: database.drop };
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
