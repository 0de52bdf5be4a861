import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sparks, widgetDailyUsage } from '../../db/schema.js';

/** The row of a Spark's day that counts the Spark as a whole, beside one row per visitor session. */
const WHOLE_SPARK = '';

export type CapReached = 'visitor' | 'spark';

class Refused extends Error {
  constructor(readonly cap: CapReached) {
    super(cap);
  }
}

/** Visitors' questions (every channel's) counted per Spark and UTC day, and the daily caps the owner set. */
export class VisitorUsageRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one question for the visitor and for the Spark, each only while under its cap, in one
   * transaction: of many concurrent questions at a cap exactly as many pass as there is room for,
   * and a question refused by the Spark's cap does not count for the visitor either.
   */
  async admit(sparkId: string, day: string, visitor: string, caps: { visitor: number; spark: number }): Promise<CapReached | null> {
    try {
      await this.db.transaction(async (tx) => {
        for (const [key, cap, name] of [
          [visitor, caps.visitor, 'visitor'],
          [WHOLE_SPARK, caps.spark, 'spark'],
        ] as const) {
          const counted = await tx
            .insert(widgetDailyUsage)
            .values({ sparkId, day, visitor: key, questions: 1 })
            .onConflictDoUpdate({
              target: [widgetDailyUsage.sparkId, widgetDailyUsage.day, widgetDailyUsage.visitor],
              set: { questions: sql`${widgetDailyUsage.questions} + 1` },
              setWhere: sql`${widgetDailyUsage.questions} < ${cap}`,
            })
            .returning({ questions: widgetDailyUsage.questions });
          if (counted.length === 0) throw new Refused(name);
        }
      });
      return null;
    } catch (error) {
      if (error instanceof Refused) return error.cap;
      throw error;
    }
  }

  /** Gives a question back (it was not answered). */
  async refund(sparkId: string, day: string, visitor: string): Promise<void> {
    await this.db
      .update(widgetDailyUsage)
      .set({ questions: sql`greatest(${widgetDailyUsage.questions} - 1, 0)` })
      .where(and(eq(widgetDailyUsage.sparkId, sparkId), eq(widgetDailyUsage.day, day), sql`${widgetDailyUsage.visitor} in (${visitor}, ${WHOLE_SPARK})`));
  }

  /** Questions the Spark answered on `day` and from `monthStart` on (both UTC dates). */
  async counts(sparkId: string, day: string, monthStart: string): Promise<{ today: number; month: number }> {
    const [row] = await this.db
      .select({
        today: sql<number>`coalesce(sum(${widgetDailyUsage.questions}) filter (where ${widgetDailyUsage.day} = ${day}), 0)::int`,
        month: sql<number>`coalesce(sum(${widgetDailyUsage.questions}), 0)::int`,
      })
      .from(widgetDailyUsage)
      .where(and(eq(widgetDailyUsage.sparkId, sparkId), eq(widgetDailyUsage.visitor, WHOLE_SPARK), gte(widgetDailyUsage.day, monthStart)));
    return { today: Number(row?.today ?? 0), month: Number(row?.month ?? 0) };
  }

  /** The caps the owner set (null: the plan's default). */
  async caps(tenantId: string, sparkId: string): Promise<{ perVisitor: number | null; perSpark: number | null } | undefined> {
    const [row] = await this.db
      .select({ perVisitor: sparks.widgetVisitorDailyCap, perSpark: sparks.widgetSparkDailyCap })
      .from(sparks)
      .where(and(eq(sparks.tenantId, tenantId), eq(sparks.id, sparkId)))
      .limit(1);
    return row;
  }

  async setCaps(tenantId: string, sparkId: string, caps: { perVisitor?: number | null | undefined; perSpark?: number | null | undefined }): Promise<boolean> {
    const rows = await this.db
      .update(sparks)
      .set({
        ...(caps.perVisitor !== undefined ? { widgetVisitorDailyCap: caps.perVisitor } : {}),
        ...(caps.perSpark !== undefined ? { widgetSparkDailyCap: caps.perSpark } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(sparks.tenantId, tenantId), eq(sparks.id, sparkId)))
      .returning({ id: sparks.id });
    return rows.length > 0;
  }

  /** Visitor rows only matter on their own day; the Spark's rows are kept for its monthly figures. */
  async forgetVisitorsBefore(day: string): Promise<void> {
    await this.db.delete(widgetDailyUsage).where(and(lt(widgetDailyUsage.day, day), ne(widgetDailyUsage.visitor, WHOLE_SPARK)));
  }
}
