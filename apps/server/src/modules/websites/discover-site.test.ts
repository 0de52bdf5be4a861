import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestWebsite, type TestWebsite } from '#test/test-website.js';
import { discoverSite, type CrawlOptions } from './discover-site.js';
import { PageReader } from './page-reader.js';
import { WebFetcher } from '../../lib/web-fetcher.js';

let site: TestWebsite;
const fetcher = new WebFetcher({ allowLoopback: true, readTimeoutMs: 400 });
const reader = new PageReader(2);
afterAll(() => reader.close());
const crawl = async (options: Partial<CrawlOptions> = {}) => {
  const result = await discoverSite(fetcher, reader, `${site.base}/`, { maxPages: 50, timeBudgetMs: 20_000, ...options });
  return { ...result, skipped: result.report.toJSON().skipped };
};

describe('discoverSite', () => {
  beforeEach(async () => {
    site = await startTestWebsite();
  });
  afterEach(() => site.close());

  it('finds the pages through the sitemap index and links, each once, and says why it left the others', async () => {
    const result = await crawl();
    const found = Object.fromEntries(result.pages.map((page) => [page.url.replace(site.base, ''), page.kind]));
    expect(found).toEqual({ '/': 'page', '/about': 'page', '/es/horarios': 'page', '/products': 'page', '/menu.pdf': 'pdf', '/hours': 'page' });
    const why = Object.fromEntries(result.skipped.map((entry) => [entry.url.replace(site.base, ''), entry.reason]));
    expect(why).toMatchObject({
      '/private/staff': 'robots',
      '/missing': 'not-found',
      '/slow': 'failed',
      '/huge': 'failed',
      '/copy-of-about': 'duplicate',
      '/about-alias': 'duplicate',
      '/logo.css': 'unsupported',
    });
    expect(result.skipped.find((entry) => entry.url.endsWith('/huge'))!.detail).toMatch(/larger than 2 MB/);
    // Another host, the staff area and the tracking-tagged address are never asked for; everything is asked as Sparks.
    const asked = site.requests.map((request) => request.path);
    expect(asked).not.toContain('/private/staff');
    expect(asked.filter((path) => path.startsWith('/products'))).toEqual(['/products']);
    expect(new Set(site.requests.map((request) => request.agent))).toEqual(new Set(['Sparks']));
  });

  it('keeps the main content with headings and tables, without navigation, banners, scripts or footers', async () => {
    const about = (await crawl()).pages.find((page) => page.url === `${site.base}/about`)!;
    expect(about.title).toBe('About us');
    expect(about.markdown).toMatch(/^## Opening hours$/m);
    expect(about.markdown).toMatch(/\|\s*Croissant\s*\|\s*1\.80 €\s*\|/);
    expect(about.markdown).toContain('We open at 7:00 from Monday to Saturday');
    for (const debris of ['NAVIGATION LINKS', 'cookies', 'SCRIPT TEXT', 'FOOTER TEXT']) expect(about.markdown).not.toContain(debris);
  });

  it('stops at the page limit and reports what it left', async () => {
    const result = await crawl({ maxPages: 2 });
    expect(result.pages).toHaveLength(2);
    expect(result.skipped.filter((entry) => entry.reason === 'limit').length).toBeGreaterThan(0);
  });

  it('keeps to the include and exclude patterns', async () => {
    const result = await crawl({ exclude: ['/es/*', '*.pdf'] });
    const urls = result.pages.map((page) => page.url);
    expect(urls).not.toContain(`${site.base}/es/horarios`);
    expect(urls).not.toContain(`${site.base}/menu.pdf`);
    expect(urls).toContain(`${site.base}/about`);
  });

  it('reads the start page for its links when the paths to read leave it out, and keeps only those paths', async () => {
    // No sitemap lists /products: only the home page's link leads there.
    const result = await crawl({ include: ['/products'] });
    expect(result.pages.map((page) => page.url)).toEqual([`${site.base}/products`]);
    expect(result.skipped).toContainEqual({ url: `${site.base}/`, reason: 'unsupported', detail: expect.stringMatching(/links only/) });
  });
});

describe('discoverSite with a Crawl-delay', () => {
  beforeEach(async () => {
    site = await startTestWebsite({ crawlDelay: 0.2 });
  });
  afterEach(() => site.close());

  it('waits the delay robots.txt asks between two requests for pages', async () => {
    await crawl({ maxPages: 3, exclude: ['/slow', '/huge'] });
    const pageRequests = site.requests.filter((request) => !/robots|sitemap/.test(request.path));
    expect(pageRequests.length).toBeGreaterThanOrEqual(3);
    for (let index = 1; index < pageRequests.length; index += 1) {
      expect(pageRequests[index]!.at - pageRequests[index - 1]!.at).toBeGreaterThanOrEqual(190);
    }
  });
});
