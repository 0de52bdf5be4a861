import type { WebsiteProblemCode } from '@sparks/contract';
import { fetchRobots } from './site-rules.js';
import { WebFetchError, type WebFetcher } from '../../lib/web-fetcher.js';

/** Failures that mean the site does not speak https there (or nothing answers): worth asking over http. */
const NOT_HTTPS = new Set<WebsiteProblemCode>(['tls', 'refused', 'network', 'timeout', 'stalled']);

/**
 * Where a crawl starts and the site's robots.txt. An address typed without its scheme, as people
 * type them ("bakery.example"), is tried over https first and over http when the site does not speak
 * TLS; when neither answers, the owner reads that, not the socket's own words.
 */
export async function openSite(
  fetcher: WebFetcher,
  start: string,
  { schemeGuessed = false, signal }: { schemeGuessed?: boolean | undefined; signal?: AbortSignal | undefined },
): Promise<{ startUrl: string; robots: string }> {
  const startUrl = fetcher.checkAddress(start).href;
  try {
    return { startUrl, robots: await fetchRobots(fetcher, startUrl, signal) };
  } catch (error) {
    if (!schemeGuessed || !startUrl.startsWith('https:') || !(error instanceof WebFetchError) || !NOT_HTTPS.has(error.problem.code)) throw error;
  }
  const plain = new URL(startUrl);
  plain.protocol = 'http:';
  try {
    return { startUrl: plain.href, robots: await fetchRobots(fetcher, plain.href, signal) };
  } catch (error) {
    if (error instanceof WebFetchError && NOT_HTTPS.has(error.problem.code)) {
      throw new WebFetchError({ code: 'unreachable', host: plain.host }, `${plain.host} did not answer over https or http.`);
    }
    throw error;
  }
}
