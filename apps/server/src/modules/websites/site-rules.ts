import robotsParser from 'robots-parser';
import { CRAWLER_USER_AGENT, WebFetchError, type WebFetcher } from './web-fetcher.js';

/** What a site's robots.txt allows Sparks, and the sitemaps it names. */
export interface SiteRules {
  allows(url: string): boolean;
  /** The pause the site asks for between two requests, in milliseconds. */
  crawlDelayMs: number;
  sitemaps: string[];
}

/** Longest pause a site may ask for: a crawl that waits longer than this between pages never ends. */
const MAX_CRAWL_DELAY_MS = 30_000;

/**
 * Reads the site's robots.txt as Sparks (the user agent crawls announce themselves with). No file
 * (4xx) allows everything, as the robots exclusion standard says; a server error or no answer at
 * all is read as "not now" and the crawl stops, rather than guessing that everything is allowed.
 */
export async function siteRules(fetcher: WebFetcher, origin: string, signal?: AbortSignal): Promise<SiteRules> {
  const address = new URL('/robots.txt', origin).href;
  const answer = await fetcher.get(address, { accept: 'text/plain', ...(signal ? { signal } : {}) });
  if (answer.status >= 500) throw new WebFetchError('network', `The site's robots.txt answered ${answer.status}; try again later.`);
  const text = answer.status >= 200 && answer.status < 300 ? answer.body.toString('utf8') : '';
  const robots = robotsParser(address, text);
  const delay = robots.getCrawlDelay(CRAWLER_USER_AGENT);
  return {
    allows: (url) => robots.isAllowed(url, CRAWLER_USER_AGENT) !== false,
    crawlDelayMs: Math.min(MAX_CRAWL_DELAY_MS, Math.max(0, (delay ?? 0) * 1000)),
    sitemaps: robots.getSitemaps(),
  };
}
