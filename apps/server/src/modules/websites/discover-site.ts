import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WebsiteProgress } from '@sparks/contract';
import { PageReadError, type PageReader, type SiteReader } from './page-reader.js';
import type { Candidate } from './page-work.js';
import type { ScopeOptions } from './site-scope.js';
import { SkipReport } from './skip-report.js';
import { openSite } from './open-site.js';
import { WebFetchError, type FetchedResource, type WebFetcher } from '../../lib/web-fetcher.js';

/** What a crawl read: a page's main text, or a document the site links to (read later as its own kind). */
export type FoundKind = 'page' | 'pdf' | 'docx' | 'image';

export interface FoundPage {
  url: string;
  kind: FoundKind;
  title: string;
  /** Bytes as the site sent them. */
  bytes: number;
  /** Hash of the content read (the page's main text, or the document's bytes): an unchanged page is not read again. */
  hash: string;
  /** A page's main text as Markdown; null for documents. */
  markdown: string | null;
  etag: string | null;
  lastModified: string | null;
  /** A page's links within the site: a later sync that finds the page unchanged (304) follows them without reading it. */
  links: string[];
  /** Addresses that redirected here (a start address leading to the home page): a sync asks them with this page's validators. */
  aliases?: string[];
}

/** What an earlier crawl kept of a page, so a sync asks the site only for what changed. */
export type KnownPage = Pick<FoundPage, 'kind' | 'title' | 'bytes' | 'hash' | 'etag' | 'lastModified' | 'links'>;

export interface CrawlOptions extends ScopeOptions {
  maxPages: number;
  /** The whole crawl's time; what is not read by then is reported as skipped for the limit. */
  timeBudgetMs: number;
  signal?: AbortSignal;
  /** The owner typed the address without its scheme: https first, http when the site does not speak TLS. */
  schemeGuessed?: boolean;
  /** Pages an earlier crawl read, by address: asked with their validators, an unchanged one is not read again. */
  known?: ReadonlyMap<string, KnownPage>;
  /** Told after each address is dealt with, for the documents panel's progress. */
  onProgress?: (progress: WebsiteProgress) => void;
}

export interface CrawlResult {
  /** The address the crawl started from: the owner's, or its http form when the site does not speak https. */
  start: string;
  pages: FoundPage[];
  report: SkipReport;
  rules: { crawlDelayMs: number; sitemaps: string[] };
}

/** Requests in flight to one host at once. */
const PER_HOST = 2;
/** Sitemaps read at most per site: an index may name thousands. */
const MAX_SITEMAPS = 20;
/** Addresses the sitemaps of one crawl are read for at most: 10,000 pages is twenty times the largest plan's. */
const SITEMAP_ADDRESSES = 10_000;
/** Sitemaps stop being read once this many pages per page of the plan are waiting: more would never be read. */
const WANTED_PER_PAGE = 2;
/** Addresses one crawl keeps in mind at most (queued, read or left); past it they are counted, not kept. */
const MAX_SEEN = 20_000;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** The hash a page's content is compared by, here and when its document is read in: its main text as Markdown. */
export const pageHash = (markdown: string): string => sha256(markdown);
/** The hash of a linked document: its bytes. */
export const fileHash = (bytes: Buffer): string => sha256(bytes);

/** What the bytes are, whatever the header claims. */
function sniff(resource: FetchedResource): FoundKind | null {
  const head = resource.body.subarray(0, 1024);
  if (head.includes(Buffer.from('%PDF-'))) return 'pdf';
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'docx';
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) || head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return 'image';
  const text = head.toString('utf8').trimStart().toLowerCase();
  if (
    /^(?:<!doctype html|<html|<head|<body|<\?xml[^>]*>\s*<html)/.test(text) ||
    (/(?:text\/html|application\/xhtml\+xml)/i.test(resource.contentType ?? '') && text.startsWith('<'))
  )
    return 'page';
  return null;
}

/** The last part of an address's path as a person reads it ("menu.pdf"), whatever its escapes. */
export function lastSegment(address: string): string {
  const last = new URL(address).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const problemOf = (error: unknown) =>
  error instanceof WebFetchError
    ? { detail: error.message, problem: error.problem }
    : { detail: 'The page could not be read.', problem: { code: 'network' as const } };

/**
 * Finds and reads a website's pages for a Spark: the sitemaps robots.txt names (or /sitemap.xml),
 * sitemap indexes included, then the links of each page read, breadth first, within the site's
 * scope. Honours robots.txt for the user agent Sparks and its Crawl-delay, keeps at most two
 * requests at a time, stops at the page limit and the time budget, and keeps a page once however
 * many addresses lead to it (tracking parameters, its canonical address, the same content).
 *
 * Everything whose cost the site or the owner decides (robots rules, sitemaps, pages, the owner's
 * patterns) is read by `reader` in a worker thread; here only addresses are queued, each once, in
 * time linear in their number, and what is left is counted with a bounded sample.
 */
export async function discoverSite(fetcher: WebFetcher, reader: PageReader, start: string, options: CrawlOptions): Promise<CrawlResult> {
  const deadline = Date.now() + options.timeBudgetMs;
  const { startUrl, robots } = await openSite(fetcher, start, options);
  const site = reader.forSite({ id: randomUUID(), start: startUrl, include: options.include ?? [], exclude: options.exclude ?? [], robots }, options.signal);
  const rules = await site.rules();
  const report = new SkipReport();
  const pages: FoundPage[] = [];
  const seen = new Set<string>();
  const hashes = new Map<string, string>();
  const aliases = new Map<string, string[]>();
  const queue: string[] = [];
  let head = 0;
  const over: string[] = [];
  let overCount = 0;
  const failed = () => report.count('failed') + report.count('unreadable');
  const progress = () => options.onProgress?.({ found: seen.size + overCount, read: pages.length, skipped: report.total - failed(), failed: failed() });
  const enqueue = (candidate: Candidate) => {
    if (seen.has(candidate.key)) return;
    if (seen.size >= MAX_SEEN) {
      overCount += 1;
      if (over.length < 10) over.push(candidate.key);
      return;
    }
    seen.add(candidate.key);
    if (!candidate.allowed) report.add(candidate.key, 'robots', 'robots.txt asks crawlers not to read it');
    else queue.push(candidate.key);
  };
  // The start page first: it is what the owner named, and its links are the site's own map (read for them even when the paths leave it out).
  const [first] = await site.addresses([startUrl]);
  const readable = (candidate: Candidate | null): candidate is Candidate =>
    candidate !== null && (candidate.inScope || (candidate.key === first?.key && candidate.onSite));
  if (readable(first ?? null)) enqueue(first!);
  await readSitemaps(fetcher, site, rules.sitemaps.length > 0 ? rules.sitemaps : [new URL('/sitemap.xml', startUrl).href], {
    enqueue,
    enough: () => queue.length - head >= options.maxPages * WANTED_PER_PAGE || Date.now() >= deadline,
    signal: options.signal,
  });

  let lastStart = 0;
  const readOne = async (url: string) => {
    const wait = lastStart + rules.crawlDelayMs - Date.now();
    lastStart = Math.max(Date.now(), lastStart + rules.crawlDelayMs);
    if (wait > 0) await sleep(wait, undefined, { signal: options.signal });
    let resource: FetchedResource;
    const before = options.known?.get(url);
    try {
      resource = await fetcher.get(url, {
        signal: AbortSignal.any([AbortSignal.timeout(Math.max(1, deadline - Date.now())), ...(options.signal ? [options.signal] : [])]),
        ...(before ? { etag: before.etag, lastModified: before.lastModified } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const { detail, problem } = problemOf(error);
      return report.add(url, 'failed', detail, problem);
    }
    let landed = url;
    if (resource.url !== url) {
      const [final] = await site.addresses([resource.url]);
      if (!final) return report.add(url, 'unsupported', 'It leads to an address that cannot be read.');
      landed = final.key;
      // A redirect lands on an address of its own: read once, under the address it ends at.
      if (landed !== url && !resource.notModified && !final.inScope && !(url === first?.key && final.onSite))
        return report.add(url, 'unsupported', 'It leads to another site.');
      if (landed !== url) {
        // Either way the address that redirected is remembered with the page, so a sync asks it with the page's validators.
        aliases.set(landed, [...(aliases.get(landed) ?? []), url]);
        if (pages.some((page) => page.url === landed)) return report.add(url, 'duplicate', `Same page as ${landed}`);
        seen.add(landed);
      }
    }
    if (resource.notModified && before) {
      // Unchanged since the last crawl: its links are followed as they were, and nothing is read.
      for (const candidate of await site.addresses(before.links)) if (readable(candidate)) enqueue(candidate);
      return record(landed, before.kind, null, before.title, { ...resource, body: Buffer.alloc(before.bytes) }, before.hash, before.links);
    }
    if (resource.status === 404 || resource.status === 410) return report.add(url, 'not-found', `The site answered ${resource.status}.`);
    if (resource.status < 200 || resource.status >= 300) {
      return report.add(url, 'failed', `The site answered ${resource.status}.`, { code: 'status', status: resource.status, host: new URL(url).host });
    }
    const kind = sniff(resource);
    if (!kind) return report.add(landed, 'unsupported', 'Not a web page or a document type Sparks reads.');
    if (kind !== 'page') {
      return record(landed, kind, null, lastSegment(landed) || landed, resource, fileHash(resource.body), []);
    }
    let read: Awaited<ReturnType<SiteReader['page']>>;
    try {
      read = await site.page(resource.body, landed);
    } catch (error) {
      if (options.signal?.aborted || !(error instanceof PageReadError)) throw error;
      // One page that cannot be read is left with the reason; the rest of the site is read.
      return report.add(landed, 'unreadable', error.message, { code: error.reason, host: new URL(landed).host });
    }
    for (const link of read.links) enqueue(link);
    const links = read.links.filter((link) => link.inScope).map((link) => link.key);
    if (!read.self?.inScope) return report.add(landed, 'unsupported', 'Read for its links only: the paths to read leave it out.');
    if (read.content.noindex) return report.add(landed, 'noindex', 'The page asks not to be indexed.');
    const canonical = read.canonical;
    if (canonical && canonical.key !== landed && canonical.inScope) {
      enqueue(canonical);
      return report.add(landed, 'duplicate', `Its own address is ${canonical.key}`);
    }
    return record(landed, 'page', read.content.markdown, read.content.title, resource, pageHash(read.content.markdown), links);
  };
  const record = (url: string, kind: FoundKind, markdown: string | null, title: string, resource: FetchedResource, hash: string, links: string[]) => {
    const earlier = hashes.get(hash);
    if (earlier) return report.add(url, 'duplicate', `Same content as ${earlier}`);
    // Two readers may both start below the limit; the second to finish leaves its page.
    if (pages.length >= options.maxPages) return report.add(url, 'limit', `The plan reads up to ${options.maxPages} pages of a site.`);
    hashes.set(hash, url);
    pages.push({ url, kind, title, bytes: resource.body.length, hash, markdown, etag: resource.etag, lastModified: resource.lastModified, links });
  };

  const worker = async () => {
    while (head < queue.length && pages.length < options.maxPages && Date.now() < deadline) {
      if (options.signal?.aborted) throw new WebFetchError({ code: 'interrupted' }, 'The crawl was stopped.');
      const url = queue[head++]!;
      try {
        await readOne(url);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        // Whatever one address does, the rest of the site is read.
        report.add(url, 'unreadable', error instanceof Error ? error.message : 'The page could not be read.', { code: 'unreadable' });
      }
      progress();
    }
  };
  await Promise.all(Array.from({ length: PER_HOST }, worker));
  // What was found and not read: counted, a few of them named.
  const why = pages.length >= options.maxPages ? `The plan reads up to ${options.maxPages} pages of a site.` : 'The crawl ran out of time.';
  const left = [...queue.slice(head), ...over];
  report.addMany('limit', queue.length - head + overCount, (index) => ({ url: left[index] ?? '', reason: 'limit', detail: why }));
  progress();
  return {
    start: startUrl,
    pages: pages.map((page) => (aliases.has(page.url) ? { ...page, aliases: aliases.get(page.url)! } : page)),
    report,
    rules: { crawlDelayMs: rules.crawlDelayMs, sitemaps: rules.sitemaps },
  };
}

interface SitemapReading {
  enqueue(candidate: Candidate): void;
  /** True once enough pages wait to be read (or the crawl's time is up): no further sitemap is read. */
  enough(): boolean;
  signal?: AbortSignal | undefined;
}

/**
 * Pages the sitemaps list, sitemap indexes followed, within MAX_SITEMAPS sitemaps and
 * SITEMAP_ADDRESSES addresses, and only until enough pages wait; a sitemap that cannot be read
 * is passed over.
 */
async function readSitemaps(fetcher: WebFetcher, site: SiteReader, first: readonly string[], reading: SitemapReading): Promise<void> {
  const pending = [...first];
  const read = new Set<string>();
  let listed = 0;
  while (pending.length > 0 && read.size < MAX_SITEMAPS && listed < SITEMAP_ADDRESSES && !reading.enough()) {
    const address = pending.shift()!;
    if (read.has(address)) continue;
    read.add(address);
    try {
      const answer = await fetcher.get(address, { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5', ...(reading.signal ? { signal: reading.signal } : {}) });
      if (answer.status !== 200) continue;
      const entries = await site.sitemap(answer.body, SITEMAP_ADDRESSES - listed);
      listed += entries.listed;
      pending.push(...entries.sitemaps);
      for (const page of entries.pages) reading.enqueue(page);
    } catch (error) {
      if (reading.signal?.aborted) throw error;
    }
  }
}
