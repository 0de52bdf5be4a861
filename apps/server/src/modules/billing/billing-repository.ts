import { randomBytes } from 'node:crypto';
import type { PlanSlug } from '@sparks/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit.js';
import type { Db } from '../../db/database.js';
import { appMeta, billingEvents, checkoutSessions, tenants } from '../../db/schema.js';

export type TenantRow = typeof tenants.$inferSelect;
export type CheckoutRow = typeof checkoutSessions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const TEST_WEBHOOK_SECRET = 'test_checkout_webhook_secret';

export class BillingRepository {
  constructor(private readonly db: Db) {}

  async tenant(tenantId: string): Promise<TenantRow | undefined> {
    const [row] = await this.db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    return row;
  }

  async createCheckout(row: typeof checkoutSessions.$inferInsert): Promise<void> {
    await this.db.insert(checkoutSessions).values(row);
  }

  async checkout(id: string): Promise<CheckoutRow | undefined> {
    const [row] = await this.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
    return row;
  }

  /**
   * The test checkout's signing secret: made once and kept in the database, so every instance
   * of the app signs and verifies with the same one.
   */
  async testWebhookSecret(): Promise<string> {
    await this.db
      .insert(appMeta)
      .values({ key: TEST_WEBHOOK_SECRET, value: `whsec_${randomBytes(24).toString('base64url')}` })
      .onConflictDoNothing({ target: appMeta.key });
    const [row] = await this.db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, TEST_WEBHOOK_SECRET));
    return row!.value;
  }

  /**
   * Applies one event exactly once: its id is recorded in the same transaction as its effect, so
   * a replay (or two deliveries at once) changes nothing. Answers false for an event seen before.
   */
  async applyOnce(event: { id: string; type: string }, apply: (tx: Tx) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: billingEvents.id });
      if (inserted.length === 0) return false;
      await apply(tx);
      return true;
    });
  }

  static async setPlan(
    tx: Tx,
    where: { tenantId?: string; customerId: string; subscriptionId?: string },
    plan: { planSlug: PlanSlug; subscriptionId: string | null; providerCustomerId?: string | undefined },
  ): Promise<boolean> {
    const rows = await tx
      .update(tenants)
      .set({
        planSlug: plan.planSlug,
        subscriptionId: plan.subscriptionId,
        ...(plan.providerCustomerId ? { providerCustomerId: plan.providerCustomerId } : {}),
      })
      .where(
        and(
          eq(tenants.customerId, where.customerId),
          where.tenantId ? eq(tenants.id, where.tenantId) : undefined,
          where.subscriptionId ? eq(tenants.subscriptionId, where.subscriptionId) : undefined,
        ),
      )
      .returning({ id: tenants.id });
    // The payment provider changed the plan: the audit log says so, in the same transaction.
    for (const row of rows) await recordAudit(tx, { tenantId: row.id, actorUserId: null, kind: 'plan.changed', detail: { plan: plan.planSlug } });
    return rows.length > 0;
  }

  static async closeCheckout(tx: Tx, id: string): Promise<void> {
    await tx.update(checkoutSessions).set({ status: 'complete' }).where(eq(checkoutSessions.id, id));
  }

  /** Ends the tenant's open manage-subscription visits once its subscription is gone. */
  static async closePortals(tx: Tx, customerId: string): Promise<void> {
    const owner = tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.customerId, customerId));
    await tx
      .update(checkoutSessions)
      .set({ status: 'complete' })
      .where(and(eq(checkoutSessions.kind, 'portal'), eq(checkoutSessions.status, 'open'), inArray(checkoutSessions.tenantId, owner)));
  }
}
