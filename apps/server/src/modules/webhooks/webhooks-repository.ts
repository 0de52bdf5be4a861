import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How long a claimed delivery is held before a sweep may try it again (a worker that died mid-send). */
const CLAIM_MS = 5 * 60_000;

/** An account's webhook endpoints and their deliveries; every read names the tenant but the job's, which names a delivery. */
export class WebhooksRepository {
  constructor(private readonly db: Db) {}

  endpoints(tenantId: string): Promise<EndpointRow[]> {
    return this.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.tenantId, tenantId)).orderBy(asc(webhookEndpoints.createdAt));
  }

  async endpoint(tenantId: string, endpointId: string): Promise<EndpointRow | undefined> {
    const [row] = await this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, endpointId)))
      .limit(1);
    return row;
  }

  async insertEndpoint(endpoint: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
    const [row] = await this.db.insert(webhookEndpoints).values(endpoint).returning();
    return row!;
  }

  async updateEndpoint(tenantId: string, endpointId: string, patch: Partial<typeof webhookEndpoints.$inferInsert>): Promise<EndpointRow | undefined> {
    const [row] = await this.db
      .update(webhookEndpoints)
      .set(patch)
      .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, endpointId)))
      .returning();
    return row;
  }

  async deleteEndpoint(tenantId: string, endpointId: string): Promise<boolean> {
    const rows = await this.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, endpointId)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  }

  /** Queues one delivery for each endpoint, in one statement; the ids, to send their jobs. */
  async insertDeliveries(rows: Array<typeof webhookDeliveries.$inferInsert>): Promise<string[]> {
    if (rows.length === 0) return [];
    return (await this.db.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id })).map((row) => row.id);
  }

  deliveries(tenantId: string, endpointId: string, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.endpointId, endpointId)))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(limit);
  }

  /**
   * Takes a due delivery for one try, with its endpoint: a second worker, or a sweep that finds it
   * again, gets nothing until the claim runs out.
   */
  async claim(deliveryId: string, now = new Date()): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | undefined> {
    const [delivery] = await this.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.status, 'pending'),
          or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        ),
      )
      .returning();
    if (!delivery) return undefined;
    const [endpoint] = await this.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId)).limit(1);
    return endpoint ? { delivery, endpoint } : undefined;
  }

  async recordTry(deliveryId: string, result: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({ ...result, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(eq(webhookDeliveries.id, deliveryId));
  }

  /** A delivery of the tenant's endpoint made due now, whatever its state: "send again". */
  async again(tenantId: string, endpointId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
    const [row] = await this.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: new Date() })
      .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)))
      .returning();
    return row;
  }

  /** Deliveries due for a try: what a lost job or a failed try left waiting. */
  async due(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Deliveries older than the log keeps. */
  async forget(before: Date, endpointIds?: string[]): Promise<void> {
    await this.db
      .delete(webhookDeliveries)
      .where(and(lte(webhookDeliveries.createdAt, before), ...(endpointIds ? [inArray(webhookDeliveries.endpointId, endpointIds)] : [])));
  }
}
