import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { widgetRefusals } from '../../db/schema.js';

export type RefusalReason = 'not-listed' | 'over-plan';

/** Websites remembered per Spark: enough to show the owner, too few for a script to fill the table. */
const MAX_ORIGINS = 20;
/** What the deploy panel shows: the last week. */
const RECENT_MS = 7 * 24 * 3600 * 1000;

/** Where a Spark's widget was refused lately, by website. */
export class WidgetRefusalsRepository {
  constructor(private readonly db: Db) {}

  async record(sparkId: string, origin: string, reason: RefusalReason): Promise<void> {
    await this.db.execute(sql`
      insert into widget_refusals (spark_id, origin, reason)
      select ${sparkId}, ${origin}, ${reason}
      where (select count(*) from widget_refusals where spark_id = ${sparkId}) < ${MAX_ORIGINS}
      on conflict (spark_id, origin) do update set times = widget_refusals.times + 1, reason = excluded.reason, last_at = now()`);
  }

  recent(sparkId: string, now = new Date()): Promise<Array<{ origin: string; reason: RefusalReason; times: number; lastAt: Date }>> {
    return this.db
      .select({ origin: widgetRefusals.origin, reason: widgetRefusals.reason, times: widgetRefusals.times, lastAt: widgetRefusals.lastAt })
      .from(widgetRefusals)
      .where(and(eq(widgetRefusals.sparkId, sparkId), gt(widgetRefusals.lastAt, new Date(now.getTime() - RECENT_MS))))
      .orderBy(desc(widgetRefusals.lastAt))
      .limit(5);
  }

  /** A website the owner has just allowed is no longer a refusal to tell them about. */
  async forget(sparkId: string, origins: readonly string[]): Promise<void> {
    for (const origin of origins) await this.db.delete(widgetRefusals).where(and(eq(widgetRefusals.sparkId, sparkId), eq(widgetRefusals.origin, origin)));
  }
}
