import type { CaseResult } from '@sparks/contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { testCases, testRunResults } from '../../db/schema.js';

export type TestCaseRow = typeof testCases.$inferSelect;
type NewCase = Pick<
  typeof testCases.$inferInsert,
  'tenantId' | 'sparkId' | 'testId' | 'name' | 'turns' | 'checks' | 'baselines' | 'expectations' | 'baseline' | 'language'
>;

/** Every read names the tenant and the Spark: another tenant's case is simply not found. */
export class TestCasesRepository {
  constructor(private readonly db: Db) {}

  async create(values: NewCase): Promise<TestCaseRow> {
    const [row] = await this.db.insert(testCases).values(values).returning();
    if (!row) throw new Error('insert returned no test case');
    return row;
  }

  async findByTest(tenantId: string, testId: string): Promise<TestCaseRow | undefined> {
    const [row] = await this.db
      .select()
      .from(testCases)
      .where(and(eq(testCases.tenantId, tenantId), eq(testCases.testId, testId)))
      .limit(1);
    return row;
  }

  /** The chat saved again: its questions, answer and expectations replace the case's. */
  async replace(
    id: string,
    values: Pick<TestCaseRow, 'name' | 'turns' | 'checks' | 'baselines' | 'expectations' | 'baseline' | 'language'>,
  ): Promise<TestCaseRow> {
    const [row] = await this.db
      .update(testCases)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(testCases.id, id))
      .returning();
    if (!row) throw new Error('update returned no test case');
    return row;
  }

  list(tenantId: string, sparkId: string): Promise<TestCaseRow[]> {
    return this.db
      .select()
      .from(testCases)
      .where(and(eq(testCases.tenantId, tenantId), eq(testCases.sparkId, sparkId)))
      .orderBy(asc(testCases.createdAt), asc(testCases.id));
  }

  async find(tenantId: string, sparkId: string, caseId: string): Promise<TestCaseRow | undefined> {
    const [row] = await this.db
      .select()
      .from(testCases)
      .where(and(eq(testCases.tenantId, tenantId), eq(testCases.sparkId, sparkId), eq(testCases.id, caseId)))
      .limit(1);
    return row;
  }

  async count(sparkId: string): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(testCases).where(eq(testCases.sparkId, sparkId));
    return row?.value ?? 0;
  }

  async update(
    tenantId: string,
    sparkId: string,
    caseId: string,
    patch: Partial<Pick<TestCaseRow, 'name' | 'checks' | 'expectations' | 'baseline'>>,
  ): Promise<TestCaseRow | undefined> {
    const [row] = await this.db
      .update(testCases)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(testCases.tenantId, tenantId), eq(testCases.sparkId, sparkId), eq(testCases.id, caseId)))
      .returning();
    return row;
  }

  async delete(tenantId: string, sparkId: string, caseId: string): Promise<boolean> {
    const rows = await this.db
      .delete(testCases)
      .where(and(eq(testCases.tenantId, tenantId), eq(testCases.sparkId, sparkId), eq(testCases.id, caseId)))
      .returning({ id: testCases.id });
    return rows.length === 1;
  }

  /** Each case's latest result, for the list. */
  async latestResults(caseIds: string[]): Promise<Map<string, CaseResult>> {
    if (caseIds.length === 0) return new Map();
    const rows = await this.db.select().from(testRunResults).where(inArray(testRunResults.caseId, caseIds)).orderBy(desc(testRunResults.createdAt));
    const latest = new Map<string, CaseResult>();
    for (const row of rows) {
      if (latest.has(row.caseId)) continue;
      latest.set(row.caseId, {
        runId: row.runId,
        passed: row.passed,
        failures: row.failures,
        graded: row.graded,
        turn: row.turn,
        answer: row.answer,
        previousAnswer: row.previousAnswer,
        at: row.createdAt.toISOString(),
      });
    }
    return latest;
  }
}
