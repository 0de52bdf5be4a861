import type { WebsiteProgress, WebsiteSchedule, WebsiteSkip, WebsiteState, WebsiteSync } from '@sparks/contract';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { websites } from '../../db/schema.js';
import type { StoredPage } from '../../db/websites-schema.js';

export type WebsiteRow = typeof websites.$inferSelect;

export interface NewWebsite {
  tenantId: string;
  sparkId: string;
  url: string;
  include: string[];
  exclude: string[];
  schedule: WebsiteSchedule;
}

/** The websites table: every query names the tenant, so another tenant's id finds nothing. */
export class WebsitesRepository {
  constructor(private readonly db: Db) {}

  async insert(tx: Db, website: NewWebsite): Promise<WebsiteRow> {
    const [row] = await tx.insert(websites).values(website).returning();
    return row!;
  }

  list(tenantId: string, sparkId: string): Promise<WebsiteRow[]> {
    return this.db
      .select()
      .from(websites)
      .where(and(eq(websites.tenantId, tenantId), eq(websites.sparkId, sparkId)))
      .orderBy(asc(websites.createdAt));
  }

  async find(tenantId: string, sparkId: string, id: string): Promise<WebsiteRow | undefined> {
    const [row] = await this.db
      .select()
      .from(websites)
      .where(and(eq(websites.id, id), eq(websites.tenantId, tenantId), eq(websites.sparkId, sparkId)))
      .limit(1);
    return row;
  }

  /** For the crawl job, which knows only the id it was sent. */
  async byId(id: string): Promise<WebsiteRow | undefined> {
    const [row] = await this.db.select().from(websites).where(eq(websites.id, id)).limit(1);
    return row;
  }

  /** Moves a crawl on, unless the owner stopped it meanwhile: answers false then, and nothing is written. */
  async advance(
    id: string,
    change: { state?: WebsiteState; progress?: WebsiteProgress; pages?: StoredPage[]; skipped?: WebsiteSkip[]; error?: string | null; discoveredAt?: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(websites)
      .set({ ...change, updatedAt: sql`now()` })
      .where(and(eq(websites.id, id), eq(websites.state, 'discovering')))
      .returning({ id: websites.id });
    return rows.length > 0;
  }

  async beginImport(id: string, leftOut: string[]): Promise<void> {
    await this.db
      .update(websites)
      .set({ state: 'importing', leftOut, error: null, progress: { found: 0, read: 0, skipped: 0, failed: 0 }, updatedAt: sql`now()` })
      .where(eq(websites.id, id));
  }

  async importProgress(id: string, progress: WebsiteProgress): Promise<void> {
    await this.db
      .update(websites)
      .set({ progress, updatedAt: sql`now()` })
      .where(and(eq(websites.id, id), eq(websites.state, 'importing')));
  }

  async finishImport(id: string, progress: WebsiteProgress, syncs: WebsiteSync[]): Promise<void> {
    await this.db
      .update(websites)
      .set({ state: 'ready', progress, syncs, autoImport: false, importedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(websites.id, id), eq(websites.state, 'importing')));
  }

  /** A sync: the crawl starts again and its import follows by itself; the pages the owner left out stay out. */
  async beginSync(id: string): Promise<void> {
    await this.db
      .update(websites)
      .set({ state: 'discovering', autoImport: true, error: null, progress: { found: 0, read: 0, skipped: 0, failed: 0 }, updatedAt: sql`now()` })
      .where(eq(websites.id, id));
  }

  async update(
    tenantId: string,
    sparkId: string,
    id: string,
    change: { schedule?: WebsiteSchedule | undefined; include?: string[] | undefined; exclude?: string[] | undefined },
  ): Promise<boolean> {
    const set = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
    const rows = await this.db
      .update(websites)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(websites.id, id), eq(websites.tenantId, tenantId), eq(websites.sparkId, sparkId)))
      .returning({ id: websites.id });
    return rows.length > 0;
  }

  /** Sites read before whose schedule says they are due again. */
  due(every: { daily: number; weekly: number }): Promise<Array<Pick<WebsiteRow, 'id' | 'tenantId' | 'sparkId'>>> {
    const before = (ms: number) => new Date(Date.now() - ms);
    return this.db
      .select({ id: websites.id, tenantId: websites.tenantId, sparkId: websites.sparkId })
      .from(websites)
      .where(
        and(
          inArray(websites.state, ['ready']),
          or(
            and(eq(websites.schedule, 'daily'), lt(websites.importedAt, before(every.daily))),
            and(eq(websites.schedule, 'weekly'), lt(websites.importedAt, before(every.weekly))),
          ),
        ),
      )
      .limit(50);
  }

  async cancel(tenantId: string, sparkId: string, id: string): Promise<void> {
    await this.db
      .update(websites)
      .set({ state: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(websites.id, id), eq(websites.tenantId, tenantId), eq(websites.sparkId, sparkId), eq(websites.state, 'discovering')));
  }

  async delete(tenantId: string, sparkId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(websites)
      .where(and(eq(websites.id, id), eq(websites.tenantId, tenantId), eq(websites.sparkId, sparkId)))
      .returning({ id: websites.id });
    return rows.length > 0;
  }
}
