import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { lockSparkTerms } from '../../db/spark-terms-lock.js';
import { sparks } from '../../db/schema.js';

export type SparkRow = typeof sparks.$inferSelect;
export type NewSpark = Pick<typeof sparks.$inferInsert, 'tenantId' | 'name' | 'deployToken' | 'initialMessage'>;

/** Every query names the tenant: a Spark of another tenant is simply not found. */
export class SparksRepository {
  constructor(private readonly db: Db) {}

  async create(spark: NewSpark): Promise<SparkRow> {
    const [row] = await this.db.insert(sparks).values(spark).returning();
    if (!row) throw new Error('insert returned no spark');
    return row;
  }

  listNewestFirst(tenantId: string): Promise<SparkRow[]> {
    return this.db.select().from(sparks).where(eq(sparks.tenantId, tenantId)).orderBy(desc(sparks.createdAt), desc(sparks.id));
  }

  async find(tenantId: string, sparkId: string): Promise<SparkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sparks)
      .where(and(eq(sparks.tenantId, tenantId), eq(sparks.id, sparkId)))
      .limit(1);
    return row;
  }

  /** Locks the Spark row for the rest of the transaction, so checks on its children cannot race. */
  async lock(tenantId: string, sparkId: string): Promise<SparkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sparks)
      .where(and(eq(sparks.tenantId, tenantId), eq(sparks.id, sparkId)))
      .for('update')
      .limit(1);
    return row;
  }

  /** Records when something first happened to the Spark; later times never replace the first. */
  async noteFirst(tenantId: string, sparkId: string, moment: 'firstTestAt' | 'firstTestQuestionAt'): Promise<void> {
    await this.db
      .update(sparks)
      .set({ [moment]: sql`coalesce(${sparks[moment]}, now())` })
      .where(and(eq(sparks.tenantId, tenantId), eq(sparks.id, sparkId)));
  }

  async update(
    tenantId: string,
    sparkId: string,
    values: Partial<Pick<SparkRow, 'name' | 'pin' | 'sysPrompt' | 'initialMessage' | 'theme' | 'generalKnowledge'>>,
  ): Promise<SparkRow | undefined> {
    const [row] = await this.db
      .update(sparks)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(sparks.tenantId, tenantId), eq(sparks.id, sparkId)))
      .returning();
    return row;
  }

  /**
   * Children (tests, their reports, and everything later features attach) go with it by cascade.
   * The cascade deletes chunks, whose triggers update the word counts: it waits its turn behind an
   * ingestion writing to the same Spark instead of locking their rows in another order (deadlock).
   */
  async delete(tenantId: string, sparkId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await lockSparkTerms(tx, sparkId);
      const rows = await tx
        .delete(sparks)
        .where(and(eq(sparks.tenantId, tenantId), eq(sparks.id, sparkId)))
        .returning({ id: sparks.id });
      return rows.length === 1;
    });
  }
}
