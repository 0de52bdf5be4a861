import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { visitorRequests } from '../../db/schema.js';

export type RequestRow = typeof visitorRequests.$inferSelect;
type NewRequest = Pick<
  typeof visitorRequests.$inferInsert,
  'tenantId' | 'sparkId' | 'conversationId' | 'visitorHash' | 'addressHash' | 'email' | 'question' | 'language'
>;

const LIST_PAGE = 200;

/** Visitors' requests for a person: kept per tenant until the owner deletes them (or the Spark goes). */
export class RequestsRepository {
  constructor(private readonly db: Db) {}

  async create(request: NewRequest): Promise<RequestRow> {
    const [row] = await this.db.insert(visitorRequests).values(request).returning();
    if (!row) throw new Error('insert returned no request');
    return row;
  }

  /** Requests left since `since` by this session, and from this address whatever the session. */
  async countSince(sparkId: string, visitor: { visitorHash: string; addressHash: string }, since: Date): Promise<{ session: number; address: number }> {
    const [row] = await this.db
      .select({
        session: sql<number>`count(*) filter (where ${visitorRequests.visitorHash} = ${visitor.visitorHash})`.mapWith(Number),
        address: sql<number>`count(*) filter (where ${visitorRequests.addressHash} = ${visitor.addressHash})`.mapWith(Number),
      })
      .from(visitorRequests)
      .where(and(eq(visitorRequests.sparkId, sparkId), gt(visitorRequests.createdAt, since)));
    return { session: row?.session ?? 0, address: row?.address ?? 0 };
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

  /** A conversation's requests the owner has not answered yet, newest first. */
  openFor(conversationId: string): Promise<RequestRow[]> {
    return this.db
      .select()
      .from(visitorRequests)
      .where(and(eq(visitorRequests.conversationId, conversationId), eq(visitorRequests.status, 'open')))
      .orderBy(desc(visitorRequests.createdAt))
      .limit(LIST_PAGE);
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
