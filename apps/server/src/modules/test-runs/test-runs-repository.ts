import { TEST_RUNS_KEPT } from '@sparks/contract';
import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { testRunResults, testRuns } from '../../db/schema.js';
import { rowsOf } from '../../db/sql-results.js';
import type { Judgement } from './judge-answer.js';

export type TestRunRow = typeof testRuns.$inferSelect;

/** What a Spark's answers depend on: its name and instructions, and its documents as they stand. */
const fingerprintOf = (spark: SQL): SQL => sql`md5(
  ${spark}.name || '|' || ${spark}.sys_prompt || '|' || coalesce((
    select string_agg(d.id::text || ':' || d.status || ':' || d.updated_at::text, ',' order by d.id)
    from documents d where d.spark_id = ${spark}.id), ''))`;

/** Runs (one waiting or running per Spark, enforced by a partial unique index) and the history of results. */
export class TestRunsRepository {
  constructor(private readonly db: Db) {}

  /** Queues a run unless one is already waiting or running; answers the run that will happen. */
  async request(tenantId: string, sparkId: string, trigger: TestRunRow['trigger']): Promise<TestRunRow | undefined> {
    await this.db.execute(sql`
      insert into test_runs (tenant_id, spark_id, trigger, fingerprint)
      select s.tenant_id, s.id, ${trigger}, ${fingerprintOf(sql`s`)} from sparks s where s.id = ${sparkId} and s.tenant_id = ${tenantId}
      on conflict do nothing`);
    return this.active(sparkId);
  }

  /**
   * Queues a run for every Spark with cases whose answers may have changed since its last run: its
   * instructions or documents differ, and no document is still being read (the run waits for it).
   */
  async requestChanged(): Promise<number> {
    const result = await this.db.execute(sql`
      insert into test_runs (tenant_id, spark_id, trigger, fingerprint)
      select s.tenant_id, s.id, 'change', ${fingerprintOf(sql`s`)}
      from sparks s
      where exists (select 1 from test_cases c where c.spark_id = s.id)
        and not exists (select 1 from documents d where d.spark_id = s.id and d.status in ('queued', 'processing'))
        and not exists (select 1 from test_runs r where r.spark_id = s.id and r.status in ('queued', 'running'))
        and ${fingerprintOf(sql`s`)} is distinct from (select r.fingerprint from test_runs r where r.spark_id = s.id order by r.created_at desc limit 1)
      on conflict do nothing
      returning id`);
    return rowsOf(result).length;
  }

  async active(sparkId: string): Promise<TestRunRow | undefined> {
    const [row] = await this.db
      .select()
      .from(testRuns)
      .where(and(eq(testRuns.sparkId, sparkId), inArray(testRuns.status, ['queued', 'running'])))
      .limit(1);
    return row;
  }

  /** Runs waiting for a worker: asked for, noticed, or handed back at a shutdown. */
  async waiting(limit = 500): Promise<string[]> {
    const rows = await this.db.select({ id: testRuns.id }).from(testRuns).where(eq(testRuns.status, 'queued')).orderBy(testRuns.createdAt).limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * Starts a waiting run; `takeOver` (a retried job, whose worker failed or died) also takes one
   * left running. Undefined when it is gone, finished, or another worker has it.
   */
  async begin(id: string, takeOver: boolean): Promise<TestRunRow | undefined> {
    const [row] = await this.db
      .update(testRuns)
      .set({ status: 'running' })
      .where(and(eq(testRuns.id, id), inArray(testRuns.status, takeOver ? ['queued', 'running'] : ['queued'])))
      .returning();
    return row;
  }

  /** A run taken over after a crash starts its cases afresh. */
  async start(id: string, total: number): Promise<void> {
    await this.db.delete(testRunResults).where(eq(testRunResults.runId, id));
    await this.db.update(testRuns).set({ total, completed: 0, passed: 0, failed: 0 }).where(eq(testRuns.id, id));
  }

  /** The answers the case gave last time, question by question, for side-by-side reading (a result of the previous version holds only its last). */
  async previousAnswers(caseId: string, runId: string): Promise<{ answers: string[]; turn: number | null; answer: string } | undefined> {
    const [row] = await this.db
      .select({ answers: testRunResults.answers, turn: testRunResults.turn, answer: testRunResults.answer })
      .from(testRunResults)
      .where(and(eq(testRunResults.caseId, caseId), sql`${testRunResults.runId} <> ${runId}`))
      .orderBy(desc(testRunResults.createdAt))
      .limit(1);
    return row;
  }

  async record(
    runId: string,
    caseId: string,
    result: { judgement: Judgement; turn: number | null; answers: string[]; answer: string; previousAnswer: string },
  ): Promise<void> {
    const { judgement, turn, answers, answer, previousAnswer } = result;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(testRunResults)
        .values({ runId, caseId, passed: judgement.passed, failures: judgement.failures, graded: judgement.graded, turn, answers, answer, previousAnswer })
        .onConflictDoNothing();
      await tx
        .update(testRuns)
        .set({
          completed: sql`${testRuns.completed} + 1`,
          ...(judgement.passed ? { passed: sql`${testRuns.passed} + 1` } : { failed: sql`${testRuns.failed} + 1` }),
        })
        .where(eq(testRuns.id, runId));
    });
  }

  /** Ends a run and keeps only the latest runs of its Spark (the history chart's). */
  async finish(run: TestRunRow, status: 'done' | 'failed'): Promise<void> {
    await this.db.update(testRuns).set({ status, finishedAt: new Date() }).where(eq(testRuns.id, run.id));
    const kept = this.db
      .select({ id: testRuns.id })
      .from(testRuns)
      .where(eq(testRuns.sparkId, run.sparkId))
      .orderBy(desc(testRuns.createdAt))
      .limit(TEST_RUNS_KEPT);
    await this.db.delete(testRuns).where(and(eq(testRuns.sparkId, run.sparkId), notInArray(testRuns.id, kept)));
  }

  async release(id: string): Promise<void> {
    await this.db.update(testRuns).set({ status: 'queued' }).where(eq(testRuns.id, id));
  }

  list(tenantId: string, sparkId: string): Promise<TestRunRow[]> {
    return this.db
      .select()
      .from(testRuns)
      .where(and(eq(testRuns.tenantId, tenantId), eq(testRuns.sparkId, sparkId)))
      .orderBy(desc(testRuns.createdAt))
      .limit(TEST_RUNS_KEPT);
  }

  /** The latest finished run: what the objectives and the deploy panel report. */
  async lastFinished(tenantId: string, sparkId: string): Promise<TestRunRow | undefined> {
    const [row] = await this.db
      .select()
      .from(testRuns)
      .where(and(eq(testRuns.tenantId, tenantId), eq(testRuns.sparkId, sparkId), inArray(testRuns.status, ['done', 'failed'])))
      .orderBy(desc(testRuns.createdAt))
      .limit(1);
    return row;
  }
}
