import { pageContent, UnreadablePageError, type PageContent } from './page-content.js';
import { robotsRules, type SiteRules } from './site-rules.js';
import { pageKey, siteScope } from './site-scope.js';
import { sitemapEntries } from './sitemap-entries.js';

/** The site a crawl reads, as every piece of its work needs it: where it starts, the owner's paths, its robots.txt. */
export interface SiteSpec {
  /** Names this crawl's site: a worker compiles the site's rules once and keeps them under it. */
  id: string;
  start: string;
  include: readonly string[];
  exclude: readonly string[];
  robots: string;
}

/** An address as the crawl weighs it: its key, whether the owner's paths take it, whether it is on the site at all, whether robots.txt allows it. */
export interface Candidate {
  key: string;
  inScope: boolean;
  onSite: boolean;
  allowed: boolean;
}

/** A piece of a crawl's work whose cost a stranger's site decides: reading its robots.txt, a sitemap, a page, and weighing addresses. */
export type PageWork =
  | { kind: 'rules'; site: SiteSpec }
  | { kind: 'addresses'; site: SiteSpec; addresses: string[] }
  | { kind: 'sitemap'; site: SiteSpec; body: Uint8Array; budget: number }
  | { kind: 'page'; site: SiteSpec; body: Uint8Array; address: string };

export type PageAnswer =
  | { kind: 'rules'; crawlDelayMs: number; sitemaps: string[] }
  /** One per address asked, in order; null for one that is not an address at all. */
  | { kind: 'addresses'; candidates: Array<Candidate | null> }
  /** The pages listed that the crawl may read, the sitemaps an index names, and how many addresses were weighed. */
  | { kind: 'sitemap'; pages: Candidate[]; sitemaps: string[]; listed: number; truncated: boolean }
  /** The page's content, its links the crawl may follow (within the owner's paths), and the address it says is its own. */
  | { kind: 'page'; content: Omit<PageContent, 'links' | 'canonical'>; self: Candidate | null; links: Candidate[]; canonical: Candidate | null }
  | { kind: 'unreadable'; reason: string };

interface CompiledSite {
  rules: SiteRules;
  inScope(address: string): boolean;
  onSite(address: string): boolean;
  startKey: string;
}

/** Sites compiled in this worker, the latest last: a crawl's pieces come one after another, so a few are enough. */
const compiled = new Map<string, CompiledSite>();
const KEPT_SITES = 8;

function siteOf(site: SiteSpec): CompiledSite {
  let found = compiled.get(site.id);
  if (!found) {
    found = {
      rules: robotsRules(site.start, site.robots),
      inScope: siteScope(site.start, site),
      // The start page is read for its links even when the owner's paths leave it out: it is the site's own map.
      onSite: siteScope(site.start, { exclude: site.exclude }),
      startKey: pageKey(site.start),
    };
    compiled.set(site.id, found);
    for (const key of compiled.keys()) if (compiled.size > KEPT_SITES) compiled.delete(key);
  } else {
    compiled.delete(site.id);
    compiled.set(site.id, found);
  }
  return found;
}

function weigh(site: CompiledSite, address: string): Candidate | null {
  let key: string;
  try {
    key = pageKey(address);
  } catch {
    return null;
  }
  return { key, inScope: site.inScope(key), onSite: site.onSite(key), allowed: site.rules.allows(key) };
}

/** An address the crawl may queue: within the owner's paths, or the start page (read for its links). */
const readable = (site: CompiledSite, candidate: Candidate | null): candidate is Candidate =>
  candidate !== null && (candidate.inScope || (candidate.key === site.startKey && candidate.onSite));

/**
 * Does one piece of a crawl's work. It runs in the page worker (`page-worker.ts`), where a page that
 * takes seconds to read, or patterns and robots rules matched against thousands of addresses, cost
 * that worker's time, never the server's event loop.
 */
export function pageWork(work: PageWork): PageAnswer {
  const site = siteOf(work.site);
  switch (work.kind) {
    case 'rules':
      return { kind: 'rules', crawlDelayMs: site.rules.crawlDelayMs, sitemaps: site.rules.sitemaps };
    case 'addresses':
      return { kind: 'addresses', candidates: work.addresses.map((address) => weigh(site, address)) };
    case 'sitemap': {
      const entries = sitemapEntries(Buffer.from(work.body.buffer, work.body.byteOffset, work.body.byteLength), work.budget);
      const pages = entries.pages.map((address) => weigh(site, address)).filter((candidate) => readable(site, candidate));
      return { kind: 'sitemap', pages, sitemaps: entries.sitemaps, listed: entries.pages.length, truncated: entries.truncated };
    }
    case 'page': {
      let content: PageContent;
      try {
        content = pageContent(Buffer.from(work.body.buffer, work.body.byteOffset, work.body.byteLength).toString('utf8'), work.address);
      } catch (error) {
        if (error instanceof UnreadablePageError || error instanceof RangeError) return { kind: 'unreadable', reason: error.message };
        throw error;
      }
      const { links, canonical, ...rest } = content;
      return {
        kind: 'page',
        content: rest,
        self: weigh(site, work.address),
        links: links.map((link) => weigh(site, link)).filter((candidate) => readable(site, candidate)),
        canonical: canonical ? weigh(site, canonical) : null,
      };
    }
  }
}
