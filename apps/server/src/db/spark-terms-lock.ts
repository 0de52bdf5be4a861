import { sql } from 'drizzle-orm';
import type { Db } from './database.js';

/**
 * Serialises, per Spark, the transactions that add or remove chunks. The spark_terms triggers lock
 * their rows in order within one statement, but an ingestion writes its chunks in several
 * statements, so two such transactions on one Spark could otherwise lock in opposite orders.
 * Deleting a Spark removes its chunks by cascade, so it takes the lock too.
 */
export async function lockSparkTerms(tx: Pick<Db, 'execute'>, sparkId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`spark_terms:${sparkId}`}, 0))`);
}
