import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Plain SQL on one connection, the same on both engines: what backups read and write through.
 * Drizzle's Db hides which connection a statement runs on, and a consistent read or an
 * all-or-nothing restore needs every statement on the one that holds the transaction.
 */
export interface SqlSession {
  /** One statement with positional parameters; answers its rows. */
  query<T extends Record<string, unknown> = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** Several statements without parameters. */
  exec(text: string): Promise<void>;
}

/** A session over PGlite or one of its transactions (PGlite has one connection: a transaction holds it whole). */
export function pgliteSession(tx: Pick<Transaction, 'query' | 'exec'>): SqlSession {
  return {
    query: async <T extends Record<string, unknown>>(text: string, values?: unknown[]) => (await tx.query<T>(text, values)).rows,
    exec: async (text) => {
      await tx.exec(text);
    },
  };
}

/** A session over one node-postgres client; the caller begins and ends its transaction. */
export function pgClientSession(client: pg.ClientBase): SqlSession {
  return {
    query: async <T extends Record<string, unknown>>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
  };
}

/**
 * Runs `work` in a read-only repeatable-read transaction on a client of its own: every statement
 * sees the database as it was when the first one ran, while other clients keep writing.
 */
export async function readOnPostgres<T>(client: pg.ClientBase, work: (session: SqlSession) => Promise<T>): Promise<T> {
  await client.query('begin isolation level repeatable read read only');
  try {
    const result = await work(pgClientSession(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
