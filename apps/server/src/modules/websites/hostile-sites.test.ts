import type { Website } from '@sparks/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { subscribe } from '#test/billing-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { startHostileWebsite, type HostileWebsite } from '#test/hostile-website.js';
import { watchResponsiveness } from '#test/responsiveness.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { freePort } from '../../../../../test/support/free-port.js';

/**
 * A server that answers within this while a hostile site is crawled is not held by it: before the
 * crawler read sites in worker threads, the same attacks held every request for 4 to 17 seconds.
 */
const RESPONSIVE_MS = 1_000;

describe.each(testDatabaseTargets())('a hostile website on $name', (target) => {
  // A page may take eight seconds in all; one that stops sending for three is given up on sooner.
  const app = appOnTarget(target, { CRAWL_ALLOW_LOOPBACK: 'true', CRAWL_READ_TIMEOUT_SECONDS: '3', CRAWL_PAGE_TIMEOUT_SECONDS: '8' });
  const sites: HostileWebsite[] = [];
  const serve = async (options: Parameters<typeof startHostileWebsite>[0] = {}) => {
    const site = await startHostileWebsite(options);
    sites.push(site);
    return site;
  };
  afterEach(async () => {
    await Promise.all(sites.splice(0).map((site) => site.close()));
  });

  async function owner(plan: 'free' | 'ruby' = 'free') {
    const { tokens } = await verifiedAccount(app());
    if (plan !== 'free') await subscribe(app(), tokens.access_token, plan);
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app().inject({
        method,
        url: `/api/v1/sparks/${spark._id}/websites${url}`,
        headers: { authorization: `Bearer ${tokens.access_token}` },
        ...(payload ? { payload } : {}),
      });
    const add = async (payload: object): Promise<Website> => {
      const added = await call('POST', '', payload);
      expect(added.statusCode, added.payload).toBe(202);
      return (added.json() as { data: Website }).data;
    };
    const get = async (id: string): Promise<Website> => ((await call('GET', `/${id}`)).json() as { data: Website }).data;
    const settled = async (id: string, timeout = 30_000): Promise<Website> => {
      let website: Website | undefined;
      await expect.poll(async () => (website = await get(id)).state, { timeout, interval: 200 }).not.toBe('discovering');
      return website!;
    };
    return { call, add, get, settled };
  }

  it('matches the owner’s patterns in linear time: a pattern made to backtrack holds nothing up', async () => {
    const site = await serve({ longPaths: { count: 300, length: 1_500 }, links: ['/hours'] });
    const { add, settled } = await owner();
    const watch = watchResponsiveness(app());
    const website = await add({ url: `${site.base}/`, exclude: ['a*a*a*a*a*a*b', '*a*a*a*a*a*a*a*a*a*c', '/hours'] });
    const done = await settled(website._id);
    const seen = await watch.stop();
    expect(done.state).toBe('discovered');
    expect(seen.eventLoopMaxMs).toBeLessThan(RESPONSIVE_MS);
    expect(seen.healthMaxMs).toBeLessThan(RESPONSIVE_MS);
    // The patterns still do their work: the page they name is left out, the long pages they do not match are read.
    expect(done.pages.map((page) => page.url)).not.toContain(`${site.base}/hours`);
    expect(done.pages.filter((page) => page.url.startsWith(`${site.base}/aaaa`)).length).toBeGreaterThan(10);
  });

  it('reads a huge sitemap index only as far as the plan can use, and keeps its report small', async () => {
    const site = await serve({ sitemaps: 19, perSitemap: 5_000 });
    const { add, settled, call } = await owner();
    const watch = watchResponsiveness(app());
    const website = await add({ url: `${site.base}/` });
    const done = await settled(website._id);
    const seen = await watch.stop();
    expect(done.state).toBe('discovered');
    expect(seen.healthMaxMs).toBeLessThan(RESPONSIVE_MS);
    expect(seen.eventLoopMaxMs).toBeLessThan(RESPONSIVE_MS);
    expect(done.pages).toHaveLength(25);
    // Sitemaps stop being read once more pages wait than the trial's 25 could use.
    expect(site.requests.filter((path) => /^\/sitemap-\d+\.xml$/.test(path)).length).toBeLessThan(19);
    // What was left is counted, a few of each reason named: the answers stay small.
    expect(done.skippedCounts.limit).toBeGreaterThan(4_000);
    expect(done.skipped.length).toBeLessThanOrEqual(10);
    expect(done.progress.found).toBe(done.pages.length + done.skippedCounts.limit!);
    expect((await call('GET', `/${website._id}`)).payload.length).toBeLessThan(32_000);
    expect((await call('GET', '')).payload.length).toBeLessThan(32_000);
  });

  it('reads other accounts’ sites side by side while one trickles, gives each page its time, and one account’s sites in turn', async () => {
    const slow = await serve({ links: ['/trickle', '/hours'] });
    const aliceSecond = await serve();
    const quick = await serve();
    const alice = await owner('ruby');
    const bob = await owner();
    const first = await alice.add({ url: `${slow.base}/` });
    await expect.poll(() => slow.requests.includes('/trickle'), { timeout: 10_000, interval: 50 }).toBe(true);
    const second = await alice.add({ url: `${aliceSecond.base}/` });
    const bobs = await bob.add({ url: `${quick.base}/` });

    // Bob's one-page site is read while Alice's slow site still trickles (its page has eight seconds).
    expect((await bob.settled(bobs._id, 6_000)).state).toBe('discovered');
    expect((await alice.get(first._id)).state).toBe('discovering');
    // Alice's second site waits for her first: an account never holds more than one crawler.
    expect(aliceSecond.requests).toEqual([]);

    // The trickling page is given up after a page's time in all; the rest of the site is read.
    const done = await alice.settled(first._id);
    expect(done.state).toBe('discovered');
    expect(done.pages.map((page) => page.url)).toEqual(expect.arrayContaining([`${slow.base}/`, `${slow.base}/hours`]));
    expect(done.skipped).toContainEqual(
      expect.objectContaining({ url: `${slow.base}/trickle`, reason: 'failed', problem: expect.objectContaining({ code: 'too-slow', limit: 8 }) }),
    );
    expect((await alice.settled(second._id)).state).toBe('discovered');
  });

  it('leaves a page that cannot be read, says why, and reads the rest of the site', async () => {
    const site = await serve({ links: ['/odd', '/deep', '/hours'] });
    const { add, settled } = await owner();
    const done = await settled((await add({ url: `${site.base}/` }))._id);
    expect(done.state).toBe('discovered');
    expect(done.pages.map((page) => page.url).sort()).toEqual([`${site.base}/`, `${site.base}/hours`, `${site.base}/odd`]);
    expect(done.skipped).toContainEqual(
      expect.objectContaining({ url: `${site.base}/deep`, reason: 'unreadable', problem: expect.objectContaining({ code: 'unreadable' }) }),
    );
    expect(done.skippedCounts).toMatchObject({ unreadable: 1 });
  });

  it('takes an address typed without its scheme: https first, http when the site does not speak TLS, and says plainly when neither answers', async () => {
    const site = await serve();
    const { add, settled } = await owner('ruby');
    const bare = await add({ url: `127.0.0.1:${new URL(site.base).port}` });
    expect(bare.url).toBe(`https://127.0.0.1:${new URL(site.base).port}/`);
    const read = await settled(bare._id);
    expect(read).toMatchObject({ state: 'discovered', url: `${site.base}/`, problem: null });
    expect(read.pages.map((page) => page.url)).toEqual([`${site.base}/`]);

    const nobody = await freePort();
    const failed = await settled((await add({ url: `127.0.0.1:${nobody}/shop` }))._id);
    expect(failed).toMatchObject({ state: 'failed', problem: { code: 'unreachable', host: `127.0.0.1:${nobody}` } });
    expect(failed.error).toBe(`127.0.0.1:${nobody} did not answer over https or http.`);
  });
});
