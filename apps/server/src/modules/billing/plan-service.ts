import { ERROR_CODES, PLANS, UPLOAD_MESSAGES, planAllowsIntegrations, planFromSlug, type DocumentAllowance, type Plan } from '@sparks/contract';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
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

/** What a plan counts when something is added, and how a refusal says so. */
export type CountedResource = 'sparks' | 'documents' | 'websites' | 'libraries' | 'sites';

/** A plan's refusal to add something: 402 LIMIT_REACHED, naming what was counted and the plan's limit (0: not in this plan at all). */
export class LimitReached extends AppError {
  constructor(
    readonly resource: CountedResource,
    readonly limit: number,
    message: string,
  ) {
    super(402, ERROR_CODES.LIMIT_REACHED, message);
  }
}

/** A refusal of the plan (a limit, or a trial that ended), as opposed to any other failure. */
export const isPlanRefusal = (error: unknown): boolean =>
  error instanceof AppError && (error.code === ERROR_CODES.LIMIT_REACHED || error.code === ERROR_CODES.TRIAL_ENDED);

/**
 * The documents a plan counts: not owner answers (sentences the owner wrote, not files), not files
 * that failed to read (they hold no knowledge, and deleting them should not be a chore before
 * uploading again), not a new version still being read (its older version is counted), and not
 * a website's pages: a website counts as one document, whatever its pages (docs/decisions/0028).
 */
const countedDocument = (table = 'documents') =>
  sql.raw(`${table}.kind <> 'answer' and ${table}.status <> 'failed' and ${table}.replaces_id is null and ${table}.source_url is null`);
/** The documents and websites a tenant's plan counts. */
const countedDocuments = (tenantId: string) =>
  sql`(select count(*)::int from documents where tenant_id = ${tenantId} and ${countedDocument()}) + (select count(*)::int from websites where tenant_id = ${tenantId})`;

const COUNTED: Record<
  CountedResource,
  { limit: (plan: Plan) => number; count: (tenantId: string, except: string | null) => SQL; refusal: (limit: number) => string }
> = {
  sparks: {
    limit: (plan) => plan.limits.sparks,
    count: (tenantId) => sql`select count(*)::int as used from sparks where tenant_id = ${tenantId}`,
    refusal: (limit) => `Your plan allows ${limit} Sparks. Delete one or upgrade your plan to create another.`,
  },
  documents: {
    limit: (plan) => plan.limits.documents,
    count: (tenantId) => sql`select ${countedDocuments(tenantId)} as used`,
    refusal: () => UPLOAD_MESSAGES.limitReached,
  },
  // Sparks live on a website (a non-empty list of allowed websites), other than the one being changed.
  websites: {
    limit: (plan) => plan.limits.deployments,
    count: (tenantId, except) =>
      sql`select count(*)::int as used from sparks where tenant_id = ${tenantId} and jsonb_array_length(allowed_origins) > 0 and id is distinct from ${except}::uuid`,
    refusal: (limit) =>
      limit === 0
        ? 'Your plan does not include putting Sparks on websites. Upgrade your plan to deploy.'
        : `Your plan allows ${limit} Spark${limit === 1 ? '' : 's'} on websites. Remove the websites of another Spark or upgrade your plan.`,
  },
  // Connected document libraries (SharePoint) come with one plan only; `except` is the Spark connecting, whose own connection a reconnect renews.
  libraries: {
    limit: (plan) => (planAllowsIntegrations(plan.productName) ? plan.limits.integrations : 0),
    count: (tenantId, except) =>
      sql`select count(*)::int as used from integrations where tenant_id = ${tenantId} and spark_id is distinct from ${except}::uuid`,
    refusal: (limit) =>
      limit === 0
        ? 'Document-library connections come with the zaphire plan. Upgrade to connect SharePoint.'
        : `Your plan allows ${limit} connected ${limit === 1 ? 'library' : 'libraries'}. Disconnect one or upgrade your plan.`,
  },
  // Websites read as knowledge, across the account's Sparks (docs/decisions/0028).
  sites: {
    limit: (plan) => plan.limits.sites,
    count: (tenantId) => sql`select count(*)::int as used from websites where tenant_id = ${tenantId}`,
    refusal: (limit) => `Your plan reads ${limit} website${limit === 1 ? '' : 's'}. Remove one or upgrade your plan to add another.`,
  },
};

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

  /**
   * The one decision on adding something a plan counts (a Spark, a document, a Spark on websites, a connected library): inside the caller's
   * transaction the tenant row is locked until it ends, so concurrent additions queue and none
   * passes the limit. A trial that ended answers 402 TRIAL_ENDED; no room answers 402
   * LIMIT_REACHED, saying which limit. `adding` 0 asks only that the tenant is not over it (a
   * document replaced by its newer version); `except` leaves the thing being changed out of the
   * count (a Spark whose websites are set again).
   */
  async admit(tx: Db, tenantId: string, resource: CountedResource, adding = 1, except: string | null = null): Promise<Plan> {
    const [row] = await tx
      .select({ planSlug: tenants.planSlug, trialEndsAt: tenants.trialEndsAt })
      .from(tenants)
      .where(eq(tenants.id, tenantId))
      .for('update')
      .limit(1);
    return this.decide(tx, tenantId, resource, adding, row, except);
  }

  /** The same decision without the lock, to refuse before work is done (an upload's file is read); `admit` still decides when it is kept. */
  async wouldAdmit(tenantId: string, resource: CountedResource, adding = 1, except: string | null = null): Promise<Plan> {
    const [row] = await this.db.select({ planSlug: tenants.planSlug, trialEndsAt: tenants.trialEndsAt }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    return this.decide(this.db, tenantId, resource, adding, row, except);
  }

  private async decide(
    db: Db,
    tenantId: string,
    resource: CountedResource,
    adding: number,
    row: { planSlug: string; trialEndsAt: Date | null } | undefined,
    except: string | null,
  ): Promise<Plan> {
    const plan = planFromSlug(row?.planSlug ?? '') ?? PLANS.free;
    if (plan.slug === 'free' && row?.trialEndsAt && row.trialEndsAt.getTime() <= Date.now()) throw trialEnded();
    const counted = COUNTED[resource];
    const [usage] = rowsOf(await db.execute(counted.count(tenantId, except)));
    const limit = counted.limit(plan);
    if (Number((usage as { used?: number } | undefined)?.used ?? 0) + adding > limit) throw new LimitReached(resource, limit, counted.refusal(limit));
    return plan;
  }

  /**
   * A connected library keeps syncing only while the plan includes libraries at all: after the trial
   * ends without a plan, 402 TRIAL_ENDED; on a plan without them, 402 LIMIT_REACHED with limit 0.
   */
  async assertLibrariesIncluded(tenantId: string): Promise<Plan> {
    const plan = await this.assertTrialOpen(tenantId);
    if (!planAllowsIntegrations(plan.productName)) throw new LimitReached('libraries', 0, COUNTED.libraries.refusal(0));
    return plan;
  }

  /**
   * Whether a Spark may answer on websites after a downgrade: the plan's deployments go to the
   * Sparks that went live first (`olderLiveSparks` went live before this one); the others pause
   * with 402 LIMIT_REACHED, worded for the visitor who meets the paused assistant.
   */
  assertDeploymentKept(planSlug: string, olderLiveSparks: number): void {
    const plan = planFromSlug(planSlug) ?? PLANS.free;
    if (olderLiveSparks >= plan.limits.deployments)
      throw new LimitReached('websites', plan.limits.deployments, "This assistant is paused: its owner's plan has more Sparks on websites than it allows.");
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
          ${countedDocuments(tenantId)} as documents`),
    );
    return { plan, interactions: Number(row?.interactions ?? 0), sparks: Number(row?.sparks ?? 0), documents: Number(row?.documents ?? 0) };
  }

  /** The documents the plan counts and its limit, for the dialog that says why an upload was refused. */
  async documentAllowance(tenantId: string): Promise<DocumentAllowance> {
    const { plan } = await this.planOf(tenantId);
    const rows = rowsOf(
      await this.db.execute(sql`
        select d.id, d.spark_id, s.name as spark_name, d.name, d.status, d.created_at, false as website
        from documents d join sparks s on s.id = d.spark_id
        where d.tenant_id = ${tenantId} and ${countedDocument('d')}
        union all
        select w.id, w.spark_id, s.name, w.url, 'ready', w.created_at, true
        from websites w join sparks s on s.id = w.spark_id
        where w.tenant_id = ${tenantId}
        order by created_at, id`),
    ) as Array<{
      id: string;
      spark_id: string;
      spark_name: string;
      name: string;
      status: DocumentAllowance['documents'][number]['status'];
      created_at: Date | string;
      website: boolean;
    }>;
    return {
      used: rows.length,
      limit: plan.limits.documents,
      documents: rows.map((row) => ({
        _id: row.id,
        sparkId: row.spark_id,
        sparkName: row.spark_name,
        name: row.name,
        status: row.status,
        createdAt: new Date(row.created_at).toISOString(),
        ...(row.website ? { website: true } : {}),
      })),
    };
  }
}
