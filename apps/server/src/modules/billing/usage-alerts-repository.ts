import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { tenants, usageCounters, users } from '../../db/schema.js';

/** The month's counters as the usage e-mails read and mark them. A period is a month, `YYYY-MM`. */
export class UsageAlertsRepository {
  constructor(private readonly db: Db) {}

  /** Tenants that used something this period and have not yet heard of 100 %, with their plan. */
  candidates(period: string) {
    return this.db
      .select({ tenantId: usageCounters.tenantId, interactions: usageCounters.interactions, alerted: usageCounters.alertedPercent, planSlug: tenants.planSlug })
      .from(usageCounters)
      .innerJoin(tenants, eq(tenants.id, usageCounters.tenantId))
      .where(and(eq(usageCounters.period, period), lt(usageCounters.alertedPercent, 100), sql`${usageCounters.interactions} > 0`));
  }

  /** Marks `percent` as told, only if no one marked it (or more) first; undefined when someone did. */
  async mark(tenantId: string, period: string, percent: number): Promise<{ interactions: number } | undefined> {
    const [marked] = await this.db
      .update(usageCounters)
      .set({ alertedPercent: percent })
      .where(and(eq(usageCounters.tenantId, tenantId), eq(usageCounters.period, period), lt(usageCounters.alertedPercent, percent)))
      .returning({ interactions: usageCounters.interactions });
    return marked;
  }

  /** Puts back the mark `percent` replaced, unless it has moved on since. */
  async unmark(tenantId: string, period: string, percent: number, previous: number): Promise<void> {
    await this.db
      .update(usageCounters)
      .set({ alertedPercent: previous })
      .where(and(eq(usageCounters.tenantId, tenantId), eq(usageCounters.period, period), eq(usageCounters.alertedPercent, percent)));
  }

  async owner(tenantId: string): Promise<{ email: string; language: string } | undefined> {
    const [owner] = await this.db
      .select({ email: users.email, language: users.language })
      .from(tenants)
      .innerJoin(users, eq(users.id, tenants.ownerId))
      .where(eq(tenants.id, tenantId))
      .limit(1);
    return owner;
  }
}
