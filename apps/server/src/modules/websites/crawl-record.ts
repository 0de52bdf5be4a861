import type { WebsiteProgress, WebsiteSkip, WebsiteSkippedCounts } from '@sparks/contract';
import type { StoredPage } from '../../db/websites-schema.js';
import type { CrawlResult, FoundPage, KnownPage } from './discover-site.js';
import { pageKey } from './site-scope.js';
import type { WebsiteRow } from './websites-repository.js';

/** Syncs in a row that miss a page before it leaves the knowledge: one miss may be the site's bad minute. */
const GONE_AFTER = 2;

/** A page as the crawl keeps it, from what a crawl found. */
const stored = ({ url, title, kind, bytes, hash, etag, lastModified, links, aliases }: FoundPage): StoredPage => ({
  url,
  title,
  kind,
  bytes,
  hash,
  etag,
  lastModified,
  links,
  ...(aliases ? { aliases } : {}),
  gone: 0,
});

/** Each page an earlier crawl read, under its address and the addresses that redirected to it: a sync asks them with their validators. */
export function knownPages(row: Pick<WebsiteRow, 'pages'>): Map<string, KnownPage> {
  return new Map(
    row.pages.flatMap((page) => {
      if (!page.hash) return [];
      const kept: KnownPage = { ...page, hash: page.hash, etag: page.etag ?? null, lastModified: page.lastModified ?? null, links: page.links ?? [] };
      return [pageKey(page.url), ...(page.aliases ?? [])].map((key) => [key, kept] as const);
    }),
  );
}

/**
 * What a website's row keeps of a crawl: the pages found, and those read before that this crawl
 * missed (their documents keep answering until they are missed GONE_AFTER times in a row), the
 * report of what was left, and the address the site answers on (http, when https did not answer).
 */
export function crawlRecord(
  row: Pick<WebsiteRow, 'pages' | 'importedAt' | 'url'>,
  result: CrawlResult,
): { pages: StoredPage[]; skipped: WebsiteSkip[]; skippedCounts: WebsiteSkippedCounts; progress: WebsiteProgress; url?: string; schemeGuessed?: false } {
  const { skipped, skippedCounts } = result.report.toJSON();
  const failed = result.report.count('failed') + result.report.count('unreadable');
  const found = new Set(result.pages.map((page) => pageKey(page.url)));
  const missed = row.importedAt
    ? row.pages.filter((page) => !found.has(pageKey(page.url)) && (page.gone ?? 0) + 1 < GONE_AFTER).map((page) => ({ ...page, gone: (page.gone ?? 0) + 1 }))
    : [];
  return {
    pages: [...result.pages.map(stored), ...missed],
    skipped,
    skippedCounts,
    progress: { found: result.pages.length + result.report.total, read: result.pages.length, skipped: result.report.total - failed, failed },
    ...(result.start !== row.url ? { url: result.start, schemeGuessed: false as const } : {}),
  };
}
