import type { WebsiteProblem, WebsiteProgress, WebsiteSchedule, WebsiteSkip, WebsiteSkippedCounts, WebsiteState, WebsiteSync } from '@sparks/contract';
import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { websites } from '../../db/schema.js';
import type { StoredPage } from '../../db/websites-schema.js';

export type WebsiteRow = typeof websites.$inferSelect;

export interface NewWebsite {
  tenantId: string;
  sparkId: string;
  url: string;
  schemeGuessed: boolean;
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

  /** Moves a crawl (or an import) on, unless the owner stopped it meanwhile: answers false then, and nothing is written. */
  async advance(
    id: string,
    change: {
      state?: WebsiteState;
      url?: string;
      schemeGuessed?: boolean;
      progress?: WebsiteProgress;
      pages?: StoredPage[];
      skipped?: WebsiteSkip[];
      skippedCounts?: WebsiteSkippedCounts;
      error?: string | null;
      problem?: WebsiteProblem | null;
      discoveredAt?: Date;
    },
    from: WebsiteState = 'discovering',
  ): Promise<boolean> {
    const rows = await this.db
      .update(websites)
      .set({ ...change, updatedAt: sql`now()` })
      .where(and(eq(websites.id, id), eq(websites.state, from)))
      .returning({ id: websites.id });
    return rows.length > 0;
  }

  /**
   * Starts a worker on a site in `state`, unless another of its tenant's sites is being read (and
   * was marked less than `staleMs` ago): 'busy' then. Two workers starting two sites of one tenant
   * take turns on the tenant's lock, so only one goes ahead.
   */
  async claim(id: string, state: 'discovering' | 'importing', staleMs: number): Promise<WebsiteRow | 'busy' | undefined> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx.select({ tenantId: websites.tenantId }).from(websites).where(eq(websites.id, id)).limit(1);
      if (!found) return undefined;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`websites:${found.tenantId}`}, 0))`);
      const [other] = await tx
        .select({ id: websites.id })
        .from(websites)
        .where(and(eq(websites.tenantId, found.tenantId), ne(websites.id, id), gt(websites.busySince, sql`now() - make_interval(secs => ${staleMs / 1000})`)))
        .limit(1);
      if (other) return 'busy' as const;
      const [row] = await tx
        .update(websites)
        .set({ busySince: sql`now()` })
        .where(and(eq(websites.id, id), eq(websites.state, state)))
        .returning();
      return row;
    });
  }

  /** Sites waiting for a worker (crawl or import) that none has taken for `quietMs`. */
  async waiting(quietMs: number): Promise<Array<{ id: string; state: WebsiteState }>> {
    return this.db
      .select({ id: websites.id, state: websites.state })
      .from(websites)
      .where(and(inArray(websites.state, ['discovering', 'importing']), isNull(websites.busySince), lt(websites.updatedAt, new Date(Date.now() - quietMs))))
      .orderBy(asc(websites.updatedAt))
      .limit(200);
  }

  /** The worker is done with the site: the tenant's next site may be read. */
  async release(id: string): Promise<void> {
    await this.db.update(websites).set({ busySince: null }).where(eq(websites.id, id));
  }

  async beginImport(id: string, leftOut: string[]): Promise<void> {
    await this.db
      .update(websites)
      .set({ state: 'importing', leftOut, error: null, problem: null, progress: { found: 0, read: 0, skipped: 0, failed: 0 }, updatedAt: sql`now()` })
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
      .set({
        state: 'discovering',
        autoImport: true,
        error: null,
        problem: null,
        progress: { found: 0, read: 0, skipped: 0, failed: 0 },
        updatedAt: sql`now()`,
      })
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
