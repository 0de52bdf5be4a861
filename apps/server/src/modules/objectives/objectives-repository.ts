import { TEST_START_MESSAGE, type StepStatus } from '@sparks/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { objectiveProgress, sparks, users } from '../../db/schema.js';
import { rowsOf } from '../../db/sql-results.js';

/** What a Spark's objectives are measured against: its own state, read in one query. */
export interface SparkFacts {
  name: string;
  sysPrompt: string;
  initialMessage: string;
  documents: { total: number; ready: number; failed: number };
  tests: number;
  testQuestions: number;
  /** Whether a test chat was ever opened and a test question ever asked, though finished tests are deleted. */
  everTested: boolean;
  everAsked: boolean;
  hasTheme: boolean;
  /** Websites the widget may run on, and conversations visitors started there. */
  websites: number;
  visitorConversations: number;
  /** Saved test cases, and how their runs went (the last finished one; whether one is under way). */
  testRuns: { cases: number; running: boolean; last: 'passed' | 'failed' | null };
  /** Steps the user reported, by step key (without the Spark's id). */
  reported: Partial<Record<string, StepStatus>>;
}

/** A tenant's deployment as a whole: any Spark allowed on a website, any visitor who wrote through the widget. */
export interface DeployFacts {
  websites: boolean;
  visitors: boolean;
}

export interface ProfileFacts {
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  language: string;
}

export class ObjectivesRepository {
  constructor(private readonly db: Db) {}

  async sparkFacts(tenantId: string, sparkId: string): Promise<SparkFacts | undefined> {
    const [spark] = await this.db
      .select({
        name: sparks.name,
        sysPrompt: sparks.sysPrompt,
        initialMessage: sparks.initialMessage,
        theme: sparks.theme,
        allowedOrigins: sparks.allowedOrigins,
        firstTestAt: sparks.firstTestAt,
        firstTestQuestionAt: sparks.firstTestQuestionAt,
      })
      .from(sparks)
      .where(and(eq(sparks.id, sparkId), eq(sparks.tenantId, tenantId)))
      .limit(1);
    if (!spark) return undefined;
    const [counts] = rowsOf(
      await this.db.execute(sql`
        select
          (select count(*)::int from documents d where d.spark_id = ${sparkId}) as documents,
          (select count(*)::int from documents d where d.spark_id = ${sparkId} and d.status = 'ready') as ready,
          (select count(*)::int from documents d where d.spark_id = ${sparkId} and d.status = 'failed') as failed,
          (select count(*)::int from spark_tests t where t.spark_id = ${sparkId}) as tests,
          (select count(*)::int from chat_messages m join conversations c on c.id = m.conversation_id
            where c.spark_id = ${sparkId} and c.kind = 'test' and m.type = 'human'
              and lower(trim(m.data->>'content')) <> ${TEST_START_MESSAGE}) as questions,
          (select count(*)::int from conversations c where c.spark_id = ${sparkId} and c.kind = 'widget') as visitors,
          (select count(*)::int from test_cases tc where tc.spark_id = ${sparkId}) as cases,
          exists (select 1 from test_runs r where r.spark_id = ${sparkId} and r.status in ('queued', 'running')) as running,
          (select case when r.status = 'done' and r.failed = 0 then 'passed' else 'failed' end from test_runs r
            where r.spark_id = ${sparkId} and r.status in ('done', 'failed') order by r.created_at desc limit 1) as last_run`),
    );
    const { theme, allowedOrigins, firstTestAt, firstTestQuestionAt, ...settings } = spark;
    return {
      ...settings,
      everTested: firstTestAt !== null,
      everAsked: firstTestQuestionAt !== null,
      hasTheme: theme !== null,
      websites: allowedOrigins.length,
      visitorConversations: Number(counts?.visitors ?? 0),
      reported: await this.reported(sparkId),
      documents: { total: Number(counts?.documents ?? 0), ready: Number(counts?.ready ?? 0), failed: Number(counts?.failed ?? 0) },
      tests: Number(counts?.tests ?? 0),
      testQuestions: Number(counts?.questions ?? 0),
      testRuns: {
        cases: Number(counts?.cases ?? 0),
        running: Boolean(counts?.running),
        last: (counts?.last_run as 'passed' | 'failed' | null | undefined) ?? null,
      },
    };
  }

  async deployFacts(tenantId: string): Promise<DeployFacts> {
    const [row] = rowsOf(
      await this.db.execute(sql`
        select
          exists (select 1 from sparks s where s.tenant_id = ${tenantId} and jsonb_array_length(s.allowed_origins) > 0) as websites,
          exists (select 1 from conversations c where c.tenant_id = ${tenantId} and c.kind = 'widget') as visitors`),
    );
    return { websites: Boolean(row?.websites), visitors: Boolean(row?.visitors) };
  }

  /** Reported steps of one scope ('deploy' for a user, or a Spark's id), by step key. */
  async reported(scope: string, userId?: string): Promise<Partial<Record<string, StepStatus>>> {
    const rows = await this.db
      .select({ step: objectiveProgress.step, status: objectiveProgress.status })
      .from(objectiveProgress)
      .where(userId ? and(eq(objectiveProgress.scope, scope), eq(objectiveProgress.userId, userId)) : eq(objectiveProgress.scope, scope))
      // A Spark's steps are shared by its tenant's users: the latest report wins.
      .orderBy(asc(objectiveProgress.updatedAt));
    return Object.fromEntries(rows.map((row) => [row.step, row.status]));
  }

  async report(userId: string, scope: string, sparkId: string | null, step: string, status: StepStatus): Promise<void> {
    await this.db
      .insert(objectiveProgress)
      .values({ userId, scope, sparkId, step, status })
      .onConflictDoUpdate({ target: [objectiveProgress.userId, objectiveProgress.scope, objectiveProgress.step], set: { status, updatedAt: new Date() } });
  }

  async profileFacts(userId: string): Promise<ProfileFacts | undefined> {
    const [user] = await this.db
      .select({ firstname: users.firstname, lastname: users.lastname, phone: users.phone, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return user;
  }
}
