import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sparks, users } from '../../db/schema.js';
import { rowsOf } from '../../db/sql-results.js';

/** What a Spark's objectives are measured against: its own state, read in one query. */
export interface SparkFacts {
  name: string;
  sysPrompt: string;
  initialMessage: string;
  documents: { total: number; ready: number; failed: number };
  tests: number;
  testQuestions: number;
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
      .select({ name: sparks.name, sysPrompt: sparks.sysPrompt, initialMessage: sparks.initialMessage })
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
            where c.spark_id = ${sparkId} and c.kind = 'test' and m.type = 'human') as questions`),
    );
    return {
      ...spark,
      documents: { total: Number(counts?.documents ?? 0), ready: Number(counts?.ready ?? 0), failed: Number(counts?.failed ?? 0) },
      tests: Number(counts?.tests ?? 0),
      testQuestions: Number(counts?.questions ?? 0),
    };
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
