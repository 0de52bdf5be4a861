import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { documents, sparkTestErrors, sparkTests, sparks } from '../../db/schema.js';

export type SparkTestRow = typeof sparkTests.$inferSelect;

/** Tests are reached only through a Spark the caller already proved is theirs. */
export class SparkTestsRepository {
  constructor(private readonly db: Db) {}

  async count(sparkId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sparkTests)
      .where(eq(sparkTests.sparkId, sparkId));
    return row?.n ?? 0;
  }

  /** Whether the document is one of this Spark's (the caller proved the Spark is theirs). */
  async hasDocument(sparkId: string, documentId: string): Promise<boolean> {
    // The id is free text in the contract: anything not shaped like a row id names no document.
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(documentId)) return false;
    const [row] = await this.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.sparkId, sparkId), eq(documents.id, documentId)))
      .limit(1);
    return row !== undefined;
  }

  async create(sparkId: string, name: string, params: SparkTestRow['params']): Promise<SparkTestRow> {
    const [row] = await this.db.insert(sparkTests).values({ sparkId, name, params }).returning();
    if (!row) throw new Error('insert returned no test');
    return row;
  }

  list(sparkId: string): Promise<SparkTestRow[]> {
    return this.db.select().from(sparkTests).where(eq(sparkTests.sparkId, sparkId)).orderBy(asc(sparkTests.createdAt), asc(sparkTests.id));
  }

  /** The test, only if its Spark belongs to the tenant: one query for the common case of a chat turn. */
  async findOwned(tenantId: string, sparkId: string, testId: string): Promise<SparkTestRow | undefined> {
    const [row] = await this.db
      .select({ test: sparkTests })
      .from(sparkTests)
      .innerJoin(sparks, eq(sparks.id, sparkTests.sparkId))
      .where(and(eq(sparks.tenantId, tenantId), eq(sparkTests.sparkId, sparkId), eq(sparkTests.id, testId)))
      .limit(1);
    return row?.test;
  }

  async rename(sparkId: string, testId: string, name: string): Promise<SparkTestRow | undefined> {
    const [row] = await this.db
      .update(sparkTests)
      .set({ name })
      .where(and(eq(sparkTests.sparkId, sparkId), eq(sparkTests.id, testId)))
      .returning();
    return row;
  }

  async delete(sparkId: string, testId: string): Promise<boolean> {
    const rows = await this.db
      .delete(sparkTests)
      .where(and(eq(sparkTests.sparkId, sparkId), eq(sparkTests.id, testId)))
      .returning({ id: sparkTests.id });
    return rows.length === 1;
  }

  async recordError(testId: string, error: string): Promise<{ id: string; createdAt: Date }> {
    const [row] = await this.db.insert(sparkTestErrors).values({ testId, error }).returning({ id: sparkTestErrors.id, createdAt: sparkTestErrors.createdAt });
    if (!row) throw new Error('insert returned no report');
    return row;
  }
}
