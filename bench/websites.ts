/**
 * Website benchmark (issue: a Spark learns the owner's website): a 500-page site served on
 * loopback (a sitemap listing every page, each page linking to the next five, an ETag on each),
 * crawled, read into documents and indexed through the product's API on PGlite, as the owner's
 * "add a website" and "import" do. Reports pages per second for the crawl and for reading them in
 * (until every document is indexed), the server's memory during the run against its start, and
 * a sync of the unchanged site: how many pages were sent in full (target 0) against answered 304.
 * The server runs in this process, so its memory is this process's (PGlite included); the
 * JavaScript heap after a collection, at each step, shows whether a crawl or an import keeps anything.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Website } from '@sparks/contract';
import { verifiedAccount } from '../apps/server/test/accounts-helpers.js';
import { subscribe } from '../apps/server/test/billing-helpers.js';
import { chatClient } from '../apps/server/test/chat-helpers.js';
import { documentsRead } from '../apps/server/test/documents-helpers.js';
import { startTestApp } from '../apps/server/test/test-app.js';
import { round } from './stats.js';

const PAGES = 500;
const RESULTS = join(import.meta.dirname, 'results');
const WORDS = ['flour', 'butter', 'oven', 'crust', 'rye', 'spelt', 'sourdough', 'croissant', 'baguette', 'honey', 'seeds', 'levain'];

/** One page of the site: a heading, three paragraphs of its own words, links to the next five pages. */
function pageHtml(index: number): string {
  const words = (salt: number) => Array.from({ length: 60 }, (_, at) => WORDS[(index * 7 + at * 3 + salt) % WORDS.length]).join(' ');
  const links = Array.from({ length: 5 }, (_, at) => `<a href="/p/${(index + at + 1) % PAGES}">page ${(index + at + 1) % PAGES}</a>`).join(' ');
  return `<!doctype html><html lang="en"><head><title>Page ${index}</title></head><body><nav>${links}</nav><main><h1>Page ${index}</h1><p>Item ${index}: ${words(1)}.</p><p>${words(2)}.</p><p>${words(3)}.</p></main></body></html>`;
}

async function startSite() {
  const counts = { full: 0, notModified: 0 };
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/robots.txt') return response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\nSitemap: ${base}/sitemap.xml\n`);
    if (path === '/sitemap.xml') {
      const urls = Array.from({ length: PAGES }, (_, index) => `<url><loc>${base}/p/${index}</loc></url>`).join('');
      return response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
    }
    // The start address leads to the first page, as a home page often redirects to its language's.
    if (path === '/') return response.writeHead(301, { location: '/p/0' }).end();
    const match = /^\/p\/(\d+)$/.exec(path);
    if (!match) return response.writeHead(404).end();
    const html = pageHtml(Number(match[1]));
    const etag = `"${createHash('sha256').update(html).digest('hex').slice(0, 16)}"`;
    if (request.headers['if-none-match'] === etag) {
      counts.notModified += 1;
      return response.writeHead(304, { etag }).end();
    }
    counts.full += 1;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, counts, close: () => new Promise((resolve) => server.close(resolve)) };
}

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
/** The JavaScript heap in use once garbage is collected: what stays of a step's work. */
function heapAfterGc(): number {
  collect();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

async function main() {
  const site = await startSite();
  const harness = await startTestApp(undefined, { CRAWL_ALLOW_LOOPBACK: 'true', RATE_LIMIT_MAX: '1000000' });
  const memory = { startMb: process.memoryUsage().rss / 2 ** 20, peakMb: 0, heapAfterGcMb: { start: heapAfterGc() } as Record<string, number> };
  const sampler = setInterval(() => (memory.peakMb = Math.max(memory.peakMb, process.memoryUsage().rss / 2 ** 20)), 250);
  try {
    const app = harness.app;
    const { tokens } = await verifiedAccount(app);
    await subscribe(app, tokens.access_token, 'zaphire');
    const spark = await chatClient(app, tokens.access_token).newSpark();
    const call = async (method: 'GET' | 'POST', path: string, payload?: object) =>
      (
        (
          await app.inject({
            method,
            url: `/api/v1/sparks/${spark._id}/websites${path}`,
            headers: { authorization: `Bearer ${tokens.access_token}` },
            ...(payload ? { payload } : {}),
          })
        ).json() as {
          data: Website;
        }
      ).data;
    const until = async (id: string, state: Website['state']) => {
      for (;;) {
        const website = await call('GET', `/${id}`);
        if (website.state === state) return website;
        if (website.state === 'failed') throw new Error(`the crawl failed: ${website.error}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    const crawlStart = performance.now();
    const added = await call('POST', '', { url: `${site.base}/` });
    const found = await until(added._id, 'discovered');
    const crawlSeconds = (performance.now() - crawlStart) / 1000;
    memory.heapAfterGcMb.crawl = heapAfterGc();
    const importStart = performance.now();
    await call('POST', `/${added._id}/import`, { leaveOut: [] });
    await until(added._id, 'ready');
    await documentsRead(app);
    const importSeconds = (performance.now() - importStart) / 1000;
    memory.heapAfterGcMb.import = heapAfterGc();

    site.counts.full = 0;
    site.counts.notModified = 0;
    const syncStart = performance.now();
    await call('POST', `/${added._id}/sync`);
    const synced = await until(added._id, 'ready');
    const syncSeconds = (performance.now() - syncStart) / 1000;
    memory.heapAfterGcMb.sync = heapAfterGc();

    const rows = [
      {
        step: 'crawl (find and read pages)',
        pages: found.pages.length,
        seconds: round(crawlSeconds),
        pagesPerSecond: round(found.pages.length / crawlSeconds),
      },
      { step: 'import and index', pages: found.pages.length, seconds: round(importSeconds), pagesPerSecond: round(found.pages.length / importSeconds) },
      { step: 'sync of the unchanged site', pages: found.pages.length, seconds: round(syncSeconds), pagesPerSecond: round(found.pages.length / syncSeconds) },
    ];
    console.table(rows);
    const sync = { sentInFull: site.counts.full, notModified: site.counts.notModified, ...synced.syncs[0] };
    console.log(
      `Sync of the unchanged site: ${sync.sentInFull} pages sent in full (target 0), ${sync.notModified} answered 304; documents changed ${sync.changed}, added ${sync.added}, removed ${sync.removed}.`,
    );
    console.log(`Memory (the server runs in this process): ${round(memory.startMb)} MB at start, ${round(memory.peakMb)} MB at the peak.`);
    // The process's size includes PGlite's WebAssembly memory, which grows with the database and is never handed back;
    // the JavaScript heap after a collection is what a crawl or an import would leak.
    const heap = Object.entries(memory.heapAfterGcMb).map(([step, mb]) => `${step} ${round(mb)} MB`);
    console.log(`JavaScript heap after a collection: ${heap.join(', ')}.`);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(
      join(RESULTS, 'websites.json'),
      `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: availableParallelism() }, database: 'pglite', pages: PAGES, rows, sync, memory: { startMb: round(memory.startMb), peakMb: round(memory.peakMb), heapAfterGcMb: Object.fromEntries(Object.entries(memory.heapAfterGcMb).map(([step, mb]) => [step, round(mb)])) } }, null, 2)}\n`,
    );
  } finally {
    clearInterval(sampler);
    await harness.stop();
    await site.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
