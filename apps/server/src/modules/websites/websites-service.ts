import {
  ERROR_CODES,
  WEBSITE_SYNCS_KEPT,
  type addWebsiteBodySchema,
  type importWebsiteBodySchema,
  type updateWebsiteBodySchema,
  type Website,
  type WebsiteProgress,
  type WebsiteState,
} from '@sparks/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { JobContext, JobQueue } from '../../jobs/job-queue.js';
import { AppError } from '../../lib/app-error.js';
import type { PlanService } from '../billing/plan-service.js';
import type { ImportedDocumentsService } from '../documents/imported-documents-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { crawlRecord, knownPages } from './crawl-record.js';
import { startAddress } from './start-address.js';
import { websiteView } from './website-view.js';
import { discoverSite } from './discover-site.js';
import { importPages } from './import-pages.js';
import { PageReadError, type PageReader } from './page-reader.js';
import { pageKey } from './site-scope.js';
import { WebFetchError, type WebFetcher } from '../../lib/web-fetcher.js';
import { WebsitesRepository, type WebsiteRow } from './websites-repository.js';

export const WEBSITE_DISCOVERY_JOB = 'website-discovery';
export const WEBSITE_IMPORT_JOB = 'website-import';
/** The longest a crawl may read a site for; what is left is reported as skipped for time. */
export const DISCOVERY_BUDGET_MS = 10 * 60_000;
/** The longest reading the chosen pages of a site may take: a page at a time, each within the fetcher's limits. */
export const IMPORT_BUDGET_MS = 30 * 60_000;
/** How long after the last sync a scheduled site is due again. */
const SCHEDULE_MS = { daily: 24 * 3_600_000, weekly: 7 * 24 * 3_600_000 } as const;

/** A site marked busy for longer than its job's expiry belongs to a worker that died: another may read the tenant's sites. */
const BUSY_STALE_MS = Math.max(DISCOVERY_BUDGET_MS, IMPORT_BUDGET_MS) + 180_000;

/** Progress is written at most this often: a fast site must not turn the crawl into a stream of updates. */
const PROGRESS_EVERY_MS = 1_000;

export interface WebsitesServiceDeps {
  sparks: SparksService;
  plans: PlanService;
  imported: ImportedDocumentsService;
  fetcher: WebFetcher;
  /** Reads robots rules, sitemaps and pages in worker threads. */
  reader: PageReader;
  send: JobQueue['send'];
  log: FastifyBaseLogger;
}

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Website not found');

/**
 * Websites a Spark learns from (docs/decisions/0028). Adding one checks the address and the plan,
 * then a job finds the site's pages; the owner sees what was found and left, and can stop it.
 */
export class WebsitesService {
  private readonly repository: WebsitesRepository;

  constructor(
    private readonly db: Db,
    private readonly deps: WebsitesServiceDeps,
  ) {
    this.repository = new WebsitesRepository(db);
  }

  async add(tenantId: string, sparkId: string, body: z.output<typeof addWebsiteBodySchema>): Promise<Website> {
    await this.deps.sparks.get(tenantId, sparkId);
    const { url, schemeGuessed } = startAddress(this.deps.fetcher, body.url);
    const { row, plan } = await this.db.transaction(async (tx) => {
      const admitted = await this.deps.plans.admit(tx, tenantId, 'sites');
      // A website counts as one of the plan's documents, whatever its pages.
      await this.deps.plans.admit(tx, tenantId, 'documents');
      return {
        plan: admitted,
        row: await this.repository.insert(tx, { tenantId, sparkId, url, schemeGuessed, include: body.include, exclude: body.exclude, schedule: body.schedule }),
      };
    });
    try {
      await this.deps.send(WEBSITE_DISCOVERY_JOB, { websiteId: row.id }, row.id);
    } catch (error) {
      this.deps.log.error({ err: error, websiteId: row.id }, 'website discovery not queued');
      await this.repository.advance(row.id, {
        state: 'failed',
        error: 'The crawl could not be started. Try again in a moment.',
        problem: { code: 'not-started' },
      });
      return websiteView((await this.repository.byId(row.id)) ?? row, plan.limits.pagesPerSite);
    }
    return websiteView(row, plan.limits.pagesPerSite);
  }

  async list(tenantId: string, sparkId: string): Promise<Website[]> {
    await this.deps.sparks.get(tenantId, sparkId);
    const limit = await this.pageLimit(tenantId);
    return (await this.repository.list(tenantId, sparkId)).map((row) => websiteView(row, limit));
  }

  async get(tenantId: string, sparkId: string, websiteId: string): Promise<Website> {
    const row = await this.repository.find(tenantId, sparkId, websiteId);
    if (!row) throw notFound();
    return websiteView(row, await this.pageLimit(tenantId));
  }

  /** Stops a crawl that is still finding pages; what it found so far is kept. */
  async cancel(tenantId: string, sparkId: string, websiteId: string): Promise<Website> {
    await this.repository.cancel(tenantId, sparkId, websiteId);
    return this.get(tenantId, sparkId, websiteId);
  }

  /** Crawls the site again and reads what changed as soon as the crawl ends (the owner's "sync now", and the schedule's). */
  async sync(tenantId: string, sparkId: string, websiteId: string): Promise<Website> {
    const row = await this.repository.find(tenantId, sparkId, websiteId);
    if (!row) throw notFound();
    if (row.state === 'discovering' || row.state === 'importing') throw new AppError(409, ERROR_CODES.CONFLICT, 'The site is being read already.');
    await this.deps.plans.assertTrialOpen(tenantId);
    await this.repository.beginSync(websiteId);
    await this.deps.send(WEBSITE_DISCOVERY_JOB, { websiteId }, websiteId);
    return this.get(tenantId, sparkId, websiteId);
  }

  async update(tenantId: string, sparkId: string, websiteId: string, body: z.output<typeof updateWebsiteBodySchema>): Promise<Website> {
    if (!(await this.repository.update(tenantId, sparkId, websiteId, body))) throw notFound();
    return this.get(tenantId, sparkId, websiteId);
  }

  /** The schedule's sweep: sites whose daily or weekly sync is due are synced, each in its own job. */
  async syncDue(): Promise<void> {
    for (const row of await this.repository.due(SCHEDULE_MS)) {
      try {
        await this.sync(row.tenantId, row.sparkId, row.id);
      } catch (error) {
        // A trial that ended or a site being read already waits for the next sweep.
        if (!(error instanceof AppError)) throw error;
      }
    }
  }

  /** Sites waiting to be crawled or read with no worker on them for a minute: their job may have been lost (sent while the queue was away). */
  waiting(): Promise<Array<{ id: string; state: WebsiteState }>> {
    return this.repository.waiting(60_000);
  }

  /** Removes the website and the documents its pages became. */
  async remove(tenantId: string, sparkId: string, websiteId: string): Promise<void> {
    // The website goes first: an import under way finds it gone and stops, then clears what it wrote after this release.
    if (!(await this.repository.delete(tenantId, sparkId, websiteId))) throw notFound();
    await this.deps.imported.release(tenantId, sparkId, websiteId, true);
  }

  /** Reads the pages found, but those the owner leaves out, into the Spark's documents (a job; 202). */
  async startImport(tenantId: string, sparkId: string, websiteId: string, body: z.output<typeof importWebsiteBodySchema>): Promise<Website> {
    const row = await this.repository.find(tenantId, sparkId, websiteId);
    if (!row) throw notFound();
    if (row.state !== 'discovered' && row.state !== 'ready' && row.state !== 'failed')
      throw new AppError(409, ERROR_CODES.CONFLICT, row.state === 'importing' ? 'The pages are being read already.' : 'The pages are still being found.');
    if (row.pages.length === 0) throw new AppError(409, ERROR_CODES.CONFLICT, 'No pages were found to read.');
    // Only addresses of pages found count; anything else the body lists (not an address at all) is ignored.
    const found = new Set(row.pages.map((page) => pageKey(page.url)));
    const leftOut = [...new Set(body.leaveOut.flatMap((url) => (URL.canParse(url) && found.has(pageKey(url)) ? [pageKey(url)] : [])))];
    await this.repository.beginImport(websiteId, leftOut);
    await this.deps.send(WEBSITE_IMPORT_JOB, { websiteId }, websiteId);
    return this.get(tenantId, sparkId, websiteId);
  }

  /** The import job's work: the chosen pages become documents, progress written as it goes; 'busy' as for a crawl. */
  importChosen(websiteId: string, { signal, lastAttempt }: JobContext): Promise<'busy' | void> {
    return this.whileBusy(websiteId, 'importing', (row) => this.importRow(row, signal, lastAttempt));
  }

  private async importRow(row: WebsiteRow, signal: AbortSignal, lastAttempt: boolean): Promise<void> {
    const websiteId = row.id;
    const leftOut = new Set(row.leftOut);
    let written = 0;
    try {
      const { progress, sync } = await importPages(
        { websiteId, tenantId: row.tenantId, sparkId: row.sparkId, start: row.url, pages: row.pages.filter((page) => !leftOut.has(pageKey(page.url))) },
        {
          fetcher: this.deps.fetcher,
          reader: this.deps.reader,
          imported: this.deps.imported,
          signal,
          wanted: async () => (await this.repository.byId(websiteId))?.state === 'importing',
          onProgress: (current) => {
            if (Date.now() - written < PROGRESS_EVERY_MS) return;
            written = Date.now();
            void this.repository.importProgress(websiteId, current).catch(() => undefined);
          },
        },
      );
      if (signal.aborted) return await this.handBack(WEBSITE_IMPORT_JOB, websiteId);
      if (!(await this.repository.byId(websiteId))) {
        // Removed while its pages were read: what was written after the removal's own clean-up goes now.
        await this.deps.imported.release(row.tenantId, row.sparkId, websiteId, true);
        return;
      }
      await this.repository.finishImport(websiteId, progress, [{ at: new Date().toISOString(), ...sync }, ...row.syncs].slice(0, WEBSITE_SYNCS_KEPT));
    } catch (error) {
      if (signal.aborted) return await this.handBack(WEBSITE_IMPORT_JOB, websiteId);
      if (lastAttempt) {
        const failed = { state: 'failed' as const, error: 'The pages could not be read. Try again in a moment.', problem: { code: 'interrupted' as const } };
        await this.repository.advance(websiteId, failed, 'importing');
      }
      throw error;
    }
  }

  /**
   * The crawl job's work: finds the site's pages within the plan's page limit and the time budget,
   * writing progress as it goes. 'busy' when another of the tenant's sites is being read: each
   * account's sites are read one after another, so one account never holds every crawler.
   */
  discover(websiteId: string, { signal, lastAttempt }: JobContext): Promise<'busy' | void> {
    return this.whileBusy(websiteId, 'discovering', (row) => this.crawl(row, signal, lastAttempt));
  }

  /** Marks the site busy for the work, unless another of its tenant's sites is ('busy'); a site no longer in `state` is left. */
  private async whileBusy(websiteId: string, state: 'discovering' | 'importing', work: (row: WebsiteRow) => Promise<void>): Promise<'busy' | void> {
    const claimed = await this.repository.claim(websiteId, state, BUSY_STALE_MS);
    if (claimed === 'busy') return 'busy';
    if (!claimed) return;
    try {
      await work(claimed);
    } finally {
      await this.repository.release(websiteId);
    }
  }

  private async crawl(row: WebsiteRow, signal: AbortSignal, lastAttempt: boolean): Promise<void> {
    const websiteId = row.id;
    const limit = await this.pageLimit(row.tenantId);
    const stopped = new AbortController();
    let written = 0;
    const onProgress = (progress: WebsiteProgress) => {
      if (Date.now() - written < PROGRESS_EVERY_MS) return;
      written = Date.now();
      // The owner may have stopped the crawl: the write finds no crawl to move on, and the reading stops.
      void this.repository.advance(websiteId, { progress }).then(
        (moved) => (moved ? undefined : stopped.abort()),
        () => undefined,
      );
    };
    try {
      const result = await discoverSite(this.deps.fetcher, this.deps.reader, row.url, {
        maxPages: limit,
        timeBudgetMs: DISCOVERY_BUDGET_MS,
        include: row.include,
        exclude: row.exclude,
        schemeGuessed: row.schemeGuessed,
        known: knownPages(row),
        signal: AbortSignal.any([signal, stopped.signal]),
        onProgress,
      });
      await this.repository.advance(websiteId, { state: row.autoImport ? 'importing' : 'discovered', ...crawlRecord(row, result), discoveredAt: new Date() });
      if (row.autoImport) await this.deps.send(WEBSITE_IMPORT_JOB, { websiteId }, websiteId);
    } catch (error) {
      if (stopped.signal.aborted) return;
      // This instance is stopping: the crawl starts again on the next one, and the pages it read are not read in twice.
      if (signal.aborted) return await this.handBack(WEBSITE_DISCOVERY_JOB, websiteId);
      if (error instanceof WebFetchError) {
        return void (await this.repository.advance(websiteId, { state: 'failed', error: error.message, problem: error.problem }));
      }
      if (error instanceof PageReadError) {
        return void (await this.repository.advance(websiteId, {
          state: 'failed',
          error: `The site's robots.txt could not be read: ${error.message}`,
          problem: { code: 'too-complex' },
        }));
      }
      if (lastAttempt) {
        await this.repository.advance(websiteId, {
          state: 'failed',
          error: 'The site could not be read. Try again in a moment.',
          problem: { code: 'interrupted' },
        });
      }
      throw error;
    }
  }

  /** Stops the warm reading threads (the app is closing). */
  close(): Promise<void> {
    return this.deps.reader.close();
  }

  /**
   * Hands a job back to the queue when this instance stops: sent again to start a moment later, so
   * it is not fetched by the worker that is stopping, and any instance (this one restarted) takes it.
   */
  private async handBack(job: string, websiteId: string): Promise<void> {
    await this.deps.send(job, { websiteId }, websiteId, { startAfterSeconds: 1 });
  }

  private async pageLimit(tenantId: string): Promise<number> {
    return (await this.deps.plans.planOf(tenantId)).plan.limits.pagesPerSite;
  }
}
