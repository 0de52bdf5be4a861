import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import { MIGRATION_LOCK, openDatabase } from '../db/database.js';
import { pgClientSession, pgliteSession, type SqlSession } from '../db/sql-session.js';
import { BackupError } from './backup-error.js';
import { embeddedFolderInUse } from './embedded-folder-in-use.js';
import { replaceFolder } from './replace-folder.js';
import { catalogTables } from './table-catalog.js';
import { wipeSchema } from './wipe-schema.js';

/** Where a restore puts the database: the embedded folder or a PostgreSQL database. */
export interface RestoreTarget {
  description: string;
  /** Why nothing can be restored into it right now (a server is using it), or undefined. */
  inUse(): Promise<string | undefined>;
  /** Whether it holds anything a person made (app_meta, which a first start fills, does not count). */
  hasData(): Promise<boolean>;
  /** Runs `work` in one transaction on an empty schema; `vectors` says whether pgvector can be used. */
  load<T>(work: (session: SqlSession, vectors: boolean) => Promise<T>): Promise<T>;
  /** Applies the migrations newer than the backup's level, as a server start would. */
  migrate(migrationsFolder: string): Promise<void>;
  /** Puts the restored database where the server opens it. */
  commit(): Promise<void>;
  /** PostgreSQL's load commits the rows; the embedded folder is only in place after commit(). */
  liveAfterLoad: boolean;
}

async function holdsData(session: SqlSession): Promise<boolean> {
  const tables = (await catalogTables(session)).filter((table) => table.name !== 'app_meta');
  if (tables.length === 0) return false;
  const [row] = await session.query<{ found: boolean }>(`select ${tables.map((table) => `exists (select 1 from "${table.name}")`).join(' or ')} as found`);
  return row?.found ?? false;
}

/**
 * The embedded database: restored into a new PGlite folder inside the restore's staging folder,
 * which replaces DATA_DIR/pglite only once it is loaded and migrated, so a failure at any step
 * leaves the old folder as it was.
 */
export function embeddedTarget(dataDir: string, staging: string): RestoreTarget {
  const live = join(dataDir, 'pglite');
  const fresh = join(staging, 'pglite');
  return {
    description: `the embedded database in ${live}`,
    inUse: () => embeddedFolderInUse(dataDir),
    async hasData() {
      if (!existsSync(live) || readdirSync(live).length === 0) return false;
      const client = await PGlite.create(live, { extensions: { vector } });
      try {
        return await holdsData(pgliteSession(client));
      } finally {
        await client.close();
      }
    },
    async load(work) {
      const client = await PGlite.create(fresh, { extensions: { vector } });
      try {
        return await client.transaction((tx) => work(pgliteSession(tx), true));
      } finally {
        await client.close();
      }
    },
    async migrate(migrationsFolder) {
      await (await openDatabase({ dataDir: staging, migrationsFolder })).close();
    },
    commit: () => replaceFolder(fresh, live),
    liveAfterLoad: false,
  };
}

/**
 * A PostgreSQL database: emptied and loaded in one transaction under the migration lock, so a
 * failure rolls back to what was there and no server start can migrate it halfway through.
 */
export function postgresTarget(databaseUrl: string, dataDir: string): RestoreTarget {
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
    await client.connect().catch((error: Error) => {
      throw new BackupError(`cannot reach the database in DATABASE_URL (${error.message})`);
    });
    return client;
  };
  const withClient = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = await connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    description: `the PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)}`,
    inUse: () =>
      withClient(async (client) => {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        );
        const others = rows[0]?.n ?? 0;
        return others > 0
          ? `${others} other connection${others === 1 ? ' is' : 's are'} open on the database: stop every server and worker before restoring`
          : undefined;
      }),
    hasData: () => withClient((client) => holdsData(pgClientSession(client))),
    load: (work) =>
      withClient(async (client) => {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await client.query('begin');
          const session = pgClientSession(client);
          await wipeSchema(session);
          const { rows } = await client.query<{ vectors: boolean }>(`select exists (select 1 from pg_available_extensions where name = 'vector') as vectors`);
          const result = await work(session, rows[0]?.vectors ?? false);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        }
      }),
    async migrate(migrationsFolder) {
      await (await openDatabase({ databaseUrl, dataDir, migrationsFolder })).close();
    },
    commit: async () => undefined,
    liveAfterLoad: true,
  };
}
