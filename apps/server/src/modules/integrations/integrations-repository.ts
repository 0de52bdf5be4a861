import type { SyncSummary } from '@sparks/contract';
import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { integrationAttempts, integrations } from '../../db/schema.js';
import type { FolderTree } from '../../db/integrations-schema.js';
import { rowsOf } from '../../db/sql-results.js';

export type IntegrationRow = typeof integrations.$inferSelect;
export type IntegrationAttempt = typeof integrationAttempts.$inferSelect;
type Service = IntegrationRow['service'];

/** Every owner-facing read names the tenant and the Spark: another tenant's connection is simply not found. */
export class IntegrationsRepository {
  constructor(private readonly db: Db) {}

  async startAttempt(attempt: Omit<IntegrationAttempt, 'createdAt' | 'expiresAt'> & { ttlMs: number }): Promise<void> {
    const { ttlMs, ...row } = attempt;
    // Old attempts are swept as new ones start, so the table never grows with abandoned windows.
    await this.db.delete(integrationAttempts).where(lt(integrationAttempts.expiresAt, new Date()));
    await this.db.insert(integrationAttempts).values({ ...row, expiresAt: new Date(Date.now() + ttlMs) });
  }

  /** Spends the attempt a callback's state names: it works once, in time. */
  async finishAttempt(stateHash: string): Promise<IntegrationAttempt | undefined> {
    const [row] = await this.db
      .delete(integrationAttempts)
      .where(and(eq(integrationAttempts.stateHash, stateHash), gt(integrationAttempts.expiresAt, new Date())))
      .returning();
    return row;
  }

  async find(tenantId: string, sparkId: string, service: Service): Promise<IntegrationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.tenantId, tenantId), eq(integrations.sparkId, sparkId), eq(integrations.service, service)))
      .limit(1);
    return row;
  }

  async byId(id: string): Promise<IntegrationRow | undefined> {
    const [row] = await this.db.select().from(integrations).where(eq(integrations.id, id)).limit(1);
    return row;
  }

  /** A new connection, or fresh tokens for an existing one (a reconnect keeps its folders and documents). */
  async connect(values: { tenantId: string; sparkId: string; service: Service; tokens: string; account: string | null }): Promise<IntegrationRow> {
    const [row] = await this.db
      .insert(integrations)
      .values(values)
      .onConflictDoUpdate({
        target: [integrations.sparkId, integrations.service],
        set: { tokens: values.tokens, account: values.account, status: 'connected', lastError: null, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('upsert returned no integration');
    return row;
  }

  async saveTokens(id: string, tokens: string): Promise<void> {
    await this.db.update(integrations).set({ tokens, updatedAt: new Date() }).where(eq(integrations.id, id));
  }

  async markReconnect(id: string, reason: string): Promise<void> {
    await this.db.update(integrations).set({ status: 'reconnect', syncState: 'idle', lastError: reason, updatedAt: new Date() }).where(eq(integrations.id, id));
  }

  /** New folders start from a full listing: the old delta link followed other folders. */
  async select(id: string, selection: Pick<IntegrationRow, 'site' | 'drive' | 'folders'>): Promise<void> {
    await this.db
      .update(integrations)
      .set({ ...selection, deltaLink: null, folderTree: {}, syncState: 'queued', lastError: null, updatedAt: new Date() })
      .where(eq(integrations.id, id));
  }

  /** Queues a sync unless one is already running (it will pick up the same changes). */
  async requestSync(id: string): Promise<void> {
    await this.db
      .update(integrations)
      .set({ syncState: 'queued', updatedAt: new Date() })
      .where(and(eq(integrations.id, id), eq(integrations.syncState, 'idle')));
  }

  /**
   * Connections whose sync should start: asked for (and maybe never sent, before a restart) or due
   * again after `everyMinutes`. Due ones are marked queued, so the panel shows it.
   */
  async dueSyncs(everyMinutes: number, limit = 500): Promise<string[]> {
    const due = sql`status = 'connected' and drive is not null and (
      sync_state = 'queued'
      or (sync_state = 'idle' and (last_synced_at is null or last_synced_at < now() - make_interval(mins => ${everyMinutes})))
    )`;
    // The condition is checked again on the row being updated: a sync that began after the inner
    // select read the row is running, and marking it queued again would make its finish a no-op
    // and start the same sync over (PostgreSQL re-reads a row changed meanwhile only for the outer WHERE).
    const result = await this.db.execute(sql`
      update integrations set sync_state = 'queued', updated_at = now()
      where id in (select id from integrations where ${due} order by updated_at limit ${limit}) and ${due}
      returning id`);
    return rowsOf(result).map((row) => row.id as string);
  }

  /**
   * Starts the sync of a queued connection; `takeOver` (a retried job, whose worker failed or
   * died) also takes one left running. Undefined when there is nothing to do or another has it.
   */
  async beginSync(id: string, takeOver: boolean): Promise<IntegrationRow | undefined> {
    const [row] = await this.db
      .update(integrations)
      .set({ syncState: 'running', updatedAt: new Date() })
      .where(
        and(
          eq(integrations.id, id),
          eq(integrations.status, 'connected'),
          isNotNull(integrations.drive),
          inArray(integrations.syncState, takeOver ? ['queued', 'running'] : ['queued']),
        ),
      )
      .returning({ id: integrations.id });
    return row ? this.byId(row.id) : undefined;
  }

  /** Hands a started sync back at shutdown, so the next start does it. */
  async requeue(id: string): Promise<void> {
    await this.db
      .update(integrations)
      .set({ syncState: 'queued' })
      .where(and(eq(integrations.id, id), eq(integrations.syncState, 'running')));
  }

  /**
   * Records a finished sync. A selection changed meanwhile re-queued the connection; then the
   * old delta link is not kept, and the queued sync starts over.
   */
  async finishSync(id: string, outcome: { deltaLink?: string | null; folderTree?: FolderTree; summary?: SyncSummary; error?: string }): Promise<void> {
    await this.db
      .update(integrations)
      .set({
        syncState: 'idle',
        lastSyncedAt: new Date(),
        lastError: outcome.error ?? null,
        ...(outcome.deltaLink !== undefined ? { deltaLink: outcome.deltaLink } : {}),
        ...(outcome.folderTree ? { folderTree: outcome.folderTree } : {}),
        ...(outcome.summary ? { lastSync: outcome.summary } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(integrations.id, id), eq(integrations.syncState, 'running')));
  }

  async delete(tenantId: string, sparkId: string, service: Service): Promise<IntegrationRow | undefined> {
    const [row] = await this.db
      .delete(integrations)
      .where(and(eq(integrations.tenantId, tenantId), eq(integrations.sparkId, sparkId), eq(integrations.service, service)))
      .returning();
    return row;
  }
}
