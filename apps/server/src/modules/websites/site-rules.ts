import robotsParser from 'robots-parser';
import { CRAWLER_USER_AGENT, WebFetchError, type WebFetcher } from '../../lib/web-fetcher.js';

/** What a site's robots.txt allows Sparks, and the sitemaps it names. */
export interface SiteRules {
  allows(url: string): boolean;
  /** The pause the site asks for between two requests, in milliseconds. */
  crawlDelayMs: number;
  sitemaps: string[];
}

/** Longest pause a site may ask for: a crawl that waits longer than this between pages never ends. */
const MAX_CRAWL_DELAY_MS = 30_000;
/** What of a robots.txt is read, as Google reads it: the rules' cost grows with the file, and no site needs more. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

/**
 * Fetches the site's robots.txt, as Sparks (the user agent crawls announce themselves with): its
 * text, at most ROBOTS_MAX_BYTES. No file (4xx) allows everything, as the robots exclusion
 * standard says; a server error is read as "not now" and the crawl stops, rather than guessing that
 * everything is allowed. Reading the rules is the page worker's (`robotsRules`): their cost is the
 * site's to decide.
 */
export async function fetchRobots(fetcher: WebFetcher, origin: string, signal?: AbortSignal): Promise<string> {
  const address = new URL('/robots.txt', origin).href;
  const answer = await fetcher.get(address, { accept: 'text/plain', ...(signal ? { signal } : {}) });
  if (answer.status >= 500) {
    throw new WebFetchError(
      { code: 'robots', host: new URL(origin).host, status: answer.status },
      `The site's robots.txt answered ${answer.status}; try again later.`,
    );
  }
  return answer.status >= 200 && answer.status < 300 ? answer.body.subarray(0, ROBOTS_MAX_BYTES).toString('utf8') : '';
}

/** The rules of a robots.txt text for Sparks (robots-parser, Google's matching). */
export function robotsRules(origin: string, text: string): SiteRules {
  const robots = robotsParser(new URL('/robots.txt', origin).href, text);
  const delay = robots.getCrawlDelay(CRAWLER_USER_AGENT);
  return {
    allows: (url) => robots.isAllowed(url, CRAWLER_USER_AGENT) !== false,
    crawlDelayMs: Math.min(MAX_CRAWL_DELAY_MS, Math.max(0, (delay ?? 0) * 1000)),
    sitemaps: robots.getSitemaps(),
  };
}
