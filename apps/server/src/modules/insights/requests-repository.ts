import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { visitorRequests } from '../../db/schema.js';

export type RequestRow = typeof visitorRequests.$inferSelect;
type NewRequest = Pick<typeof visitorRequests.$inferInsert, 'tenantId' | 'sparkId' | 'conversationId' | 'visitorHash' | 'email' | 'question' | 'language'>;

const LIST_PAGE = 200;

/** Visitors' requests for a person: kept per tenant until the owner deletes them (or the Spark goes). */
export class RequestsRepository {
  constructor(private readonly db: Db) {}

  async create(request: NewRequest): Promise<RequestRow> {
    const [row] = await this.db.insert(visitorRequests).values(request).returning();
    if (!row) throw new Error('insert returned no request');
    return row;
  }

  async countSince(sparkId: string, visitorHash: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(visitorRequests)
      .where(and(eq(visitorRequests.sparkId, sparkId), eq(visitorRequests.visitorHash, visitorHash), gt(visitorRequests.createdAt, since)));
    return row?.n ?? 0;
  }

  list(tenantId: string, sparkId: string): Promise<RequestRow[]> {
    return this.db
      .select()
      .from(visitorRequests)
      .where(and(eq(visitorRequests.tenantId, tenantId), eq(visitorRequests.sparkId, sparkId)))
      .orderBy(desc(visitorRequests.createdAt))
      .limit(LIST_PAGE);
  }

  async find(tenantId: string, sparkId: string, requestId: string): Promise<RequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(visitorRequests)
      .where(and(eq(visitorRequests.tenantId, tenantId), eq(visitorRequests.sparkId, sparkId), eq(visitorRequests.id, requestId)))
      .limit(1);
    return row;
  }

  async answered(id: string, answer: string): Promise<RequestRow | undefined> {
    const [row] = await this.db
      .update(visitorRequests)
      .set({ status: 'answered', answer, answeredAt: new Date() })
      .where(eq(visitorRequests.id, id))
      .returning();
    return row;
  }

  async delete(tenantId: string, sparkId: string, requestId: string): Promise<boolean> {
    const gone = await this.db
      .delete(visitorRequests)
      .where(and(eq(visitorRequests.tenantId, tenantId), eq(visitorRequests.sparkId, sparkId), eq(visitorRequests.id, requestId)))
      .returning({ id: visitorRequests.id });
    return gone.length > 0;
  }
}
