import { ERROR_CODES, PLANS, WIDGET_VISITOR_DAILY_DEFAULT, planFromSlug, widgetSparkDailyDefault, type Deployment } from '@sparks/contract';
import { AppError } from '../../lib/app-error.js';
import type { Admission } from '../../lib/admitted-turn.js';
import type { PlanService } from '../billing/plan-service.js';
import type { ChannelSpark } from './channel-spark-repository.js';
import type { VisitorUsageRepository } from './visitor-usage-repository.js';

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const monthStartOf = (date: Date) => `${date.toISOString().slice(0, 7)}-01`;

const capReached = (cap: 'visitor' | 'spark', value: number) =>
  new AppError(
    429,
    ERROR_CODES.DAILY_LIMIT_REACHED,
    cap === 'visitor'
      ? `You have asked ${value} questions today, the most this assistant answers for one visitor in a day. Please come back tomorrow.`
      : `This assistant has answered its ${value} questions for today. Please come back tomorrow.`,
  );

type StoredCaps = { perVisitor: number | null; perSpark: number | null };

/**
 * The daily caps of a Spark's visitors on every channel: per visitor and per Spark, set by the
 * owner or following the plan's defaults. Per-minute limits stop bursts; these stop a script that forges an allowed
 * website from spending the owner's month of interactions in a day.
 */
export class VisitorUsage {
  constructor(
    private readonly repository: VisitorUsageRepository,
    private readonly plans: PlanService,
  ) {}

  /** Counts one question of a visitor (a session's hash), or answers 429 naming the cap reached. */
  async admit(spark: ChannelSpark, visitor: string, now = new Date()): Promise<Admission> {
    const caps = this.inForce(spark.planSlug, { perVisitor: spark.visitorDailyCap, perSpark: spark.sparkDailyCap });
    const day = dayOf(now);
    const reached = await this.repository.admit(spark.sparkId, day, visitor, { visitor: caps.perVisitor.value, spark: caps.perSpark.value });
    if (reached) throw capReached(reached, reached === 'visitor' ? caps.perVisitor.value : caps.perSpark.value);
    return { refund: () => this.repository.refund(spark.sparkId, day, visitor) };
  }

  /** What the deploy panel shows: the caps in force and today's and this month's questions. */
  async view(tenantId: string, sparkId: string, now = new Date()): Promise<Pick<Deployment, 'dailyCaps' | 'usage'> | undefined> {
    const stored = await this.repository.caps(tenantId, sparkId);
    if (!stored) return undefined;
    const [usage, counts] = await Promise.all([this.plans.usage(tenantId), this.repository.counts(sparkId, dayOf(now), monthStartOf(now))]);
    const { plan } = usage;
    return {
      dailyCaps: this.inForce(plan.slug, stored),
      usage: { ...counts, interactionsThisMonth: usage.interactions, interactionsPerMonth: plan.limits.interactionsPerMonth },
    };
  }

  setCaps(tenantId: string, sparkId: string, caps: { perVisitor?: number | null | undefined; perSpark?: number | null | undefined }): Promise<boolean> {
    return this.repository.setCaps(tenantId, sparkId, caps);
  }

  /** Housekeeping for the sweep: yesterday's visitor rows are no longer read. */
  forgetOldVisitors(now = new Date()): Promise<void> {
    return this.repository.forgetVisitorsBefore(dayOf(new Date(now.getTime() - 2 * 24 * 3600 * 1000)));
  }

  private inForce(planSlug: string, stored: StoredCaps): Deployment['dailyCaps'] {
    const plan = planFromSlug(planSlug) ?? PLANS.free;
    const cap = (value: number | null, fallback: number) => ({ value: value ?? fallback, isDefault: value === null, default: fallback });
    return { perVisitor: cap(stored.perVisitor, WIDGET_VISITOR_DAILY_DEFAULT), perSpark: cap(stored.perSpark, widgetSparkDailyDefault(plan)) };
  }
}
