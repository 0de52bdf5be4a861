import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { actionRuns, actions } from '../../db/schema.js';

export type ActionRow = typeof actions.$inferSelect;
export type ActionRunRow = typeof actionRuns.$inferSelect;
type NewAction = Pick<typeof actions.$inferInsert, 'tenantId' | 'sparkId' | 'name' | 'purpose' | 'examples' | 'inputs' | 'does' | 'sealed' | 'enabled'>;

/** A Spark's actions and the log of their runs. */
export class ActionsRepository {
  constructor(private readonly db: Db) {}

  ofSpark(tenantId: string, sparkId: string): Promise<ActionRow[]> {
    return this.db
      .select()
      .from(actions)
      .where(and(eq(actions.tenantId, tenantId), eq(actions.sparkId, sparkId)))
      .orderBy(actions.createdAt, actions.id);
  }

  async one(tenantId: string, sparkId: string, actionId: string): Promise<ActionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(actions)
      .where(and(eq(actions.tenantId, tenantId), eq(actions.sparkId, sparkId), eq(actions.id, actionId)));
    return row;
  }

  async count(sparkId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(actions)
      .where(eq(actions.sparkId, sparkId));
    return row?.count ?? 0;
  }

  async insert(action: NewAction): Promise<ActionRow> {
    const [row] = await this.db.insert(actions).values(action).returning();
    return row!;
  }

  async update(id: string, change: Omit<NewAction, 'tenantId' | 'sparkId'>): Promise<ActionRow | undefined> {
    const [row] = await this.db
      .update(actions)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(actions.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(actions).where(eq(actions.id, id));
  }

  async logRun(run: typeof actionRuns.$inferInsert): Promise<ActionRunRow> {
    const [row] = await this.db.insert(actionRuns).values(run).returning();
    return row!;
  }

  /** A Spark's runs for visitors and test chats since `since` ("Try it" is the owner's own and not counted). */
  async runsSince(sparkId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(actionRuns)
      .where(sql`${actionRuns.sparkId} = ${sparkId} and ${actionRuns.createdAt} >= ${since} and ${actionRuns.source} <> 'try'`);
    return row?.count ?? 0;
  }

  /** Forgets runs older than `before`: the log is for following what happens now, not an archive. */
  async forgetRunsBefore(before: Date): Promise<number> {
    const gone = await this.db
      .delete(actionRuns)
      .where(sql`${actionRuns.createdAt} < ${before}`)
      .returning({ id: actionRuns.id });
    return gone.length;
  }

  runs(tenantId: string, sparkId: string, limit = 100): Promise<ActionRunRow[]> {
    return this.db
      .select()
      .from(actionRuns)
      .where(and(eq(actionRuns.tenantId, tenantId), eq(actionRuns.sparkId, sparkId)))
      .orderBy(desc(actionRuns.createdAt), desc(actionRuns.id))
      .limit(limit);
  }
}
