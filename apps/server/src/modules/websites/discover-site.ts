import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { pageContent } from './page-content.js';
import { siteRules, type SiteRules } from './site-rules.js';
import { pageKey, siteScope, type ScopeOptions } from './site-scope.js';
import { sitemapEntries } from './sitemap-entries.js';
import { WebFetchError, type FetchedResource, type WebFetcher } from './web-fetcher.js';

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

export type SkipReason = 'robots' | 'not-found' | 'duplicate' | 'noindex' | 'unsupported' | 'limit' | 'failed';

export interface SkippedPage {
  url: string;
  reason: SkipReason;
  /** What happened, in words an owner reads (the status, the fetch error, the page it repeats). */
  detail: string;
}

export interface CrawlOptions extends ScopeOptions {
  maxPages: number;
  /** The whole crawl's time; what is not read by then is reported as skipped for the limit. */
  timeBudgetMs: number;
  signal?: AbortSignal;
  /** Pages an earlier crawl read, by address: asked with their validators, an unchanged one is not read again. */
  known?: ReadonlyMap<string, KnownPage>;
  /** Told after each address is dealt with, for the documents panel's progress. */
  onProgress?: (progress: { found: number; read: number; skipped: number; failed: number }) => void;
}

export interface CrawlResult {
  pages: FoundPage[];
  skipped: SkippedPage[];
  rules: Pick<SiteRules, 'crawlDelayMs' | 'sitemaps'>;
}

/** Requests in flight to one host at once. */
const PER_HOST = 2;
/** Sitemaps read at most per site: an index may name thousands. */
const MAX_SITEMAPS = 20;

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

/**
 * Finds and reads a website's pages for a Spark: the sitemaps robots.txt names (or /sitemap.xml),
 * sitemap indexes included, then the links of each page read, breadth first, within the site's
 * scope. Honours robots.txt for the user agent Sparks and its Crawl-delay, keeps at most two
 * requests at a time, stops at the page limit and the time budget, and keeps a page once however
 * many addresses lead to it (tracking parameters, its canonical address, the same content).
 */
export async function discoverSite(fetcher: WebFetcher, start: string, options: CrawlOptions): Promise<CrawlResult> {
  const startUrl = fetcher.checkAddress(start).href;
  const deadline = Date.now() + options.timeBudgetMs;
  const rules = await siteRules(fetcher, startUrl, options.signal);
  const inScope = siteScope(startUrl, options);
  const pages: FoundPage[] = [];
  const skipped: SkippedPage[] = [];
  const seen = new Set<string>();
  const hashes = new Map<string, string>();
  const aliases = new Map<string, string[]>();
  const queue: string[] = [];
  let failed = 0;
  const progress = () => options.onProgress?.({ found: seen.size, read: pages.length, skipped: skipped.length - failed, failed });
  const skip = (url: string, reason: SkipReason, detail: string) => {
    if (reason === 'failed') failed += 1;
    skipped.push({ url, reason, detail });
  };
  const startKey = pageKey(startUrl);
  // The start page is read for its links even when the owner's paths leave it out: it is the site's own map.
  const onSite = siteScope(startUrl, { exclude: options.exclude ?? [] });
  const readable = (key: string) => inScope(key) || (key === startKey && onSite(key));
  const enqueue = (address: string) => {
    const key = pageKey(address);
    if (seen.has(key) || !readable(key)) return;
    seen.add(key);
    if (!rules.allows(key)) skip(key, 'robots', 'robots.txt asks crawlers not to read it');
    else queue.push(key);
  };

  await readSitemaps(fetcher, rules.sitemaps.length > 0 ? rules.sitemaps : [new URL('/sitemap.xml', startUrl).href], enqueue, options.signal);
  enqueue(startUrl);
  // The start page first: it is what the owner named, and its links are the site's own map.
  queue.sort((a, b) => Number(b === startKey) - Number(a === startKey));

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
      return skip(url, 'failed', error instanceof WebFetchError ? error.message : 'The page could not be read.');
    }
    if (resource.notModified && before) {
      // Unchanged since the last crawl: its links are followed as they were, and nothing is read.
      const landed = pageKey(resource.url);
      if (landed !== url) {
        aliases.set(landed, [...(aliases.get(landed) ?? []), url]);
        if (pages.some((page) => page.url === landed)) return skip(url, 'duplicate', `Same page as ${landed}`);
        seen.add(landed);
      }
      for (const link of before.links) enqueue(link);
      return record(landed, before.kind, null, before.title, { ...resource, body: Buffer.alloc(before.bytes) }, before.hash, before.links);
    }
    if (resource.status === 404 || resource.status === 410) return skip(url, 'not-found', `The site answered ${resource.status}.`);
    if (resource.status < 200 || resource.status >= 300) return skip(url, 'failed', `The site answered ${resource.status}.`);
    const finalKey = pageKey(resource.url);
    if (finalKey !== url) {
      // A redirect lands on an address of its own: read once, under the address it ends at.
      if (!inScope(finalKey) && !(url === startKey && onSite(finalKey))) return skip(url, 'unsupported', 'It leads to another site.');
      // Either way the address that redirected is remembered with the page, so a sync asks it with the page's validators.
      aliases.set(finalKey, [...(aliases.get(finalKey) ?? []), url]);
      if (seen.has(finalKey) && pages.some((page) => page.url === finalKey)) return skip(url, 'duplicate', `Same page as ${finalKey}`);
      seen.add(finalKey);
    }
    const kind = sniff(resource);
    if (!kind) return skip(finalKey, 'unsupported', 'Not a web page or a document type Sparks reads.');
    if (kind !== 'page') {
      return record(finalKey, kind, null, decodeURIComponent(new URL(finalKey).pathname.split('/').pop() || finalKey), resource, fileHash(resource.body), []);
    }
    const content = pageContent(resource.body.toString('utf8'), finalKey);
    const links = content.links.filter((link) => inScope(pageKey(link)));
    for (const link of links) enqueue(link);
    if (!inScope(finalKey)) return skip(finalKey, 'unsupported', 'Read for its links only: the paths to read leave it out.');
    if (content.noindex) return skip(finalKey, 'noindex', 'The page asks not to be indexed.');
    if (content.canonical && pageKey(content.canonical) !== finalKey && inScope(pageKey(content.canonical))) {
      enqueue(content.canonical);
      return skip(finalKey, 'duplicate', `Its own address is ${pageKey(content.canonical)}`);
    }
    return record(finalKey, 'page', content.markdown, content.title, resource, pageHash(content.markdown), links);
  };
  const record = (url: string, kind: FoundKind, markdown: string | null, title: string, resource: FetchedResource, hash: string, links: string[]) => {
    const first = hashes.get(hash);
    if (first) return skip(url, 'duplicate', `Same content as ${first}`);
    // Two readers may both start below the limit; the second to finish leaves its page.
    if (pages.length >= options.maxPages) return skip(url, 'limit', `The plan reads up to ${options.maxPages} pages of a site.`);
    hashes.set(hash, url);
    pages.push({ url, kind, title, bytes: resource.body.length, hash, markdown, etag: resource.etag, lastModified: resource.lastModified, links });
  };

  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (options.signal?.aborted) throw new WebFetchError('timeout', 'The crawl was stopped.');
      if (pages.length >= options.maxPages) skip(url, 'limit', `The plan reads up to ${options.maxPages} pages of a site.`);
      else if (Date.now() >= deadline) skip(url, 'limit', 'The crawl ran out of time.');
      else await readOne(url);
      progress();
    }
  };
  await Promise.all(Array.from({ length: PER_HOST }, worker));
  return {
    pages: pages.map((page) => (aliases.has(page.url) ? { ...page, aliases: aliases.get(page.url)! } : page)),
    skipped,
    rules: { crawlDelayMs: rules.crawlDelayMs, sitemaps: rules.sitemaps },
  };
}

/** Pages the sitemaps list, sitemap indexes followed (up to MAX_SITEMAPS sitemaps); a sitemap that cannot be read is passed over. */
async function readSitemaps(fetcher: WebFetcher, first: readonly string[], enqueue: (address: string) => void, signal?: AbortSignal) {
  const pending = [...first];
  const read = new Set<string>();
  while (pending.length > 0 && read.size < MAX_SITEMAPS) {
    const address = pending.shift()!;
    if (read.has(address)) continue;
    read.add(address);
    try {
      const answer = await fetcher.get(address, { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5', ...(signal ? { signal } : {}) });
      if (answer.status !== 200) continue;
      const entries = sitemapEntries(answer.body);
      pending.push(...entries.sitemaps);
      for (const page of entries.pages) enqueue(page);
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
}
