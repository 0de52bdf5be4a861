/**
 * Hostile-website benchmark (docs/decisions/0028): how the server answers while a site made to
 * hurt it is crawled, through the product's API on PGlite, against the same server idle in the same
 * run. Each attack is a site on loopback: a sitemap index of 19 × 5,000 addresses; the owner's
 * patterns made to backtrack against 1,500-character paths; a page that trickles a byte every two
 * seconds while another account's one-page site waits; pages that are not HTML or nested too deep.
 * Reports `/health`'s median, 95th percentile and slowest answer and the event loop's longest hold
 * during each, and how long the other account's site took.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Website } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { verifiedAccount } from '../apps/server/test/accounts-helpers.js';
import { subscribe } from '../apps/server/test/billing-helpers.js';
import { chatClient } from '../apps/server/test/chat-helpers.js';
import { startHostileWebsite, type HostileOptions } from '../apps/server/test/hostile-website.js';
import { watchResponsiveness, type Responsiveness } from '../apps/server/test/responsiveness.js';
import { startTestApp } from '../apps/server/test/test-app.js';
import { round } from './stats.js';

const RESULTS = join(import.meta.dirname, 'results');

async function owner(app: FastifyInstance) {
  const { tokens } = await verifiedAccount(app);
  await subscribe(app, tokens.access_token, 'ruby');
  const spark = await chatClient(app, tokens.access_token).newSpark();
  const call = async (method: 'GET' | 'POST', path: string, payload?: object): Promise<Website> =>
    (
      (
        await app.inject({
          method,
          url: `/api/v1/sparks/${spark._id}/websites${path}`,
          headers: { authorization: `Bearer ${tokens.access_token}` },
          ...(payload ? { payload } : {}),
        })
      ).json() as { data: Website }
    ).data;
  const settled = async (id: string): Promise<Website> => {
    for (;;) {
      const website = await call('GET', `/${id}`);
      if (website.state !== 'discovering') return website;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { call, settled };
}

async function attack(app: FastifyInstance, site: HostileOptions, body: (base: string) => object, bystander = false) {
  const hostile = await startHostileWebsite(site);
  const quiet = await startHostileWebsite();
  try {
    const attacker = await owner(app);
    const other = await owner(app);
    const watch = watchResponsiveness(app);
    const started = performance.now();
    const added = await attacker.call('POST', '', body(hostile.base));
    let bystanderSeconds: number | null = null;
    if (bystander) {
      const theirs = await other.call('POST', '', { url: `${quiet.base}/` });
      const otherStart = performance.now();
      await other.settled(theirs._id);
      bystanderSeconds = (performance.now() - otherStart) / 1000;
    }
    const done = await attacker.settled(added._id);
    const seconds = (performance.now() - started) / 1000;
    return { seen: await watch.stop(), seconds, state: done.state, pages: done.pages.length, bystanderSeconds };
  } finally {
    await hostile.close();
    await quiet.close();
  }
}

const row = (name: string, seen: Responsiveness, extra: Record<string, unknown> = {}) => ({
  attack: name,
  healthP50Ms: round(seen.healthP50Ms),
  healthP95Ms: round(seen.healthP95Ms),
  healthMaxMs: round(seen.healthMaxMs),
  eventLoopMaxMs: round(seen.eventLoopMaxMs),
  ...extra,
});

async function main() {
  const harness = await startTestApp(undefined, {
    CRAWL_ALLOW_LOOPBACK: 'true',
    CRAWL_READ_TIMEOUT_SECONDS: '3',
    CRAWL_PAGE_TIMEOUT_SECONDS: '4',
    RATE_LIMIT_MAX: '1000000',
  });
  try {
    const app = harness.app;
    const idleWatch = watchResponsiveness(app);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idle = await idleWatch.stop();
    const sitemap = await attack(app, { sitemaps: 19, perSitemap: 5_000 }, (base) => ({ url: `${base}/` }));
    const patterns = await attack(app, { longPaths: { count: 300, length: 1_500 } }, (base) => ({
      url: `${base}/`,
      exclude: ['a*a*a*a*a*a*b', '*a*a*a*a*a*a*a*a*a*c'],
    }));
    const trickle = await attack(app, { links: ['/trickle', '/hours'] }, (base) => ({ url: `${base}/` }), true);
    const odd = await attack(app, { links: ['/odd', '/deep', '/hours'] }, (base) => ({ url: `${base}/` }));
    const rows = [
      row('none (the same server idle: the baseline)', idle),
      row('sitemap index of 19 × 5,000 addresses', sitemap.seen, { crawlSeconds: round(sitemap.seconds), pages: sitemap.pages }),
      row('patterns made to backtrack, 1,500-character paths', patterns.seen, { crawlSeconds: round(patterns.seconds), pages: patterns.pages }),
      row('a page trickling a byte every 2 s', trickle.seen, {
        crawlSeconds: round(trickle.seconds),
        pages: trickle.pages,
        otherAccountSiteSeconds: round(trickle.bystanderSeconds ?? 0),
      }),
      row('pages not HTML, or nested 1,000 deep', odd.seen, { crawlSeconds: round(odd.seconds), pages: odd.pages }),
    ];
    console.table(rows);
    console.log('Targets: every attack keeps /health and the event loop under 1,000 ms at worst; the other account’s one-page site is read in about a second.');
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(
      join(RESULTS, 'hostile-sites.json'),
      `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: availableParallelism() }, database: 'pglite', rows }, null, 2)}\n`,
    );
  } finally {
    await harness.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
