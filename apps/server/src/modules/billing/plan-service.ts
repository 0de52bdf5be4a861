import { ERROR_CODES, PLANS, planFromSlug, type Plan } from '@sparks/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { tenants, usageCounters } from '../../db/schema.js';
import type { Admission } from '../../lib/admitted-turn.js';
import { AppError } from '../../lib/app-error.js';
import { rowsOf } from '../../db/sql-results.js';

/** One counted interaction; given back when the turn it paid for did not happen. */
export type Interaction = Admission;

/** Calendar month in UTC: interactions reset on the first of each month. */
const periodOf = (date: Date) => date.toISOString().slice(0, 7);

const trialEnded = () => new AppError(402, ERROR_CODES.TRIAL_ENDED, 'Your free trial has ended. Choose a plan to keep building and chatting with your Sparks.');

/**
 * What a tenant's plan allows, enforced where the action happens (product.md §1, §9): the trial's end,
 * and interactions per month counted atomically.
 */
export class PlanService {
  constructor(private readonly db: Db) {}

  async planOf(tenantId: string): Promise<{ plan: Plan; trialOver: boolean }> {
    const [row] = await this.db.select({ planSlug: tenants.planSlug, trialEndsAt: tenants.trialEndsAt }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    const plan = planFromSlug(row?.planSlug ?? '') ?? PLANS.free;
    return { plan, trialOver: plan.slug === 'free' && !!row?.trialEndsAt && row.trialEndsAt.getTime() <= Date.now() };
  }

  /** A paid action (a new Spark, a document, a message) after the trial ended without a plan answers 402. */
  async assertTrialOpen(tenantId: string): Promise<Plan> {
    const { plan, trialOver } = await this.planOf(tenantId);
    if (trialOver) throw trialEnded();
    return plan;
  }

  /**
   * Counts one interaction against this month's limit in a single conditional upsert: of many
   * concurrent messages at the limit, exactly as many pass as there is room for.
   */
  async consumeInteraction(tenantId: string): Promise<Interaction> {
    const plan = await this.assertTrialOpen(tenantId);
    const limit = plan.limits.interactionsPerMonth;
    const period = periodOf(new Date());
    const counted =
      limit > 0
        ? await this.db
            .insert(usageCounters)
            .values({ tenantId, period, interactions: 1 })
            .onConflictDoUpdate({
              target: [usageCounters.tenantId, usageCounters.period],
              set: { interactions: sql`${usageCounters.interactions} + 1` },
              setWhere: sql`${usageCounters.interactions} < ${limit}`,
            })
            .returning({ interactions: usageCounters.interactions })
        : [];
    if (counted.length === 0) {
      throw new AppError(
        402,
        ERROR_CODES.LIMIT_REACHED,
        `You have used the ${limit} interactions of your plan this month. Upgrade your plan to keep chatting.`,
      );
    }
    return {
      refund: async () => {
        await this.db
          .update(usageCounters)
          .set({ interactions: sql`${usageCounters.interactions} - 1` })
          .where(and(eq(usageCounters.tenantId, tenantId), eq(usageCounters.period, period), gt(usageCounters.interactions, 0)));
      },
    };
  }

  /** What the tenant uses of its plan: this month's interactions, its Sparks and its documents (the billing screen's bars). */
  async usage(tenantId: string): Promise<{ plan: Plan; interactions: number; sparks: number; documents: number }> {
    const { plan } = await this.planOf(tenantId);
    const [row] = rowsOf(
      await this.db.execute(sql`
        select
          (select coalesce(max(interactions), 0)::int from usage_counters where tenant_id = ${tenantId} and period = ${periodOf(new Date())}) as interactions,
          (select count(*)::int from sparks where tenant_id = ${tenantId}) as sparks,
          (select count(*)::int from documents where tenant_id = ${tenantId}) as documents`),
    );
    return { plan, interactions: Number(row?.interactions ?? 0), sparks: Number(row?.sparks ?? 0), documents: Number(row?.documents ?? 0) };
  }
}
