import type { Website } from '@sparks/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { subscribe } from '#test/billing-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient, documentsRead } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { startTestWebsite, type TestWebsite } from '#test/test-website.js';

describe.each(testDatabaseTargets())('websites as knowledge on $name', (target) => {
  // A page that stops sending is given up on after a second, not ten: the builder's crawl below reaches one.
  const app = appOnTarget(target, { CRAWL_ALLOW_LOOPBACK: 'true', CRAWL_READ_TIMEOUT_SECONDS: '1' });
  let site: TestWebsite;
  beforeAll(async () => {
    site = await startTestWebsite();
  });
  afterAll(() => site.close());

  async function owner(plan: 'free' | 'emerald' = 'free') {
    const { tokens } = await verifiedAccount(app());
    if (plan !== 'free') await subscribe(app(), tokens.access_token, plan);
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, sparkId = spark._id) =>
      app().inject({
        method,
        url: `/api/v1/sparks/${sparkId}/websites${url}`,
        headers: { authorization: `Bearer ${tokens.access_token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    return { sparkId: spark._id, call, documents: documentsClient(app(), tokens.access_token), token: tokens.access_token };
  }

  async function settled(call: Awaited<ReturnType<typeof owner>>['call'], id: string, busy: Website['state'] = 'discovering'): Promise<Website> {
    let website: Website | undefined;
    await expect
      .poll(
        async () => {
          website = ((await call('GET', `/${id}`)).json() as { data: Website }).data;
          return website.state;
        },
        { timeout: 30_000, interval: 200 },
      )
      .not.toBe(busy);
    return website!;
  }

  it('finds a site’s pages in a job, lists them with what it left and why, and removes the site', async () => {
    const { call } = await owner();
    const added = await call('POST', '', { url: `${site.base}/`, exclude: ['/slow', '/huge'] });
    expect(added.statusCode, added.payload).toBe(202);
    const website = (added.json() as { data: Website }).data;
    expect(website).toMatchObject({ state: 'discovering', url: `${site.base}/`, schedule: 'manual', pageLimit: 25 });

    const done = await settled(call, website._id);
    expect(done.state).toBe('discovered');
    expect(done.pages.map((page) => page.url.replace(site.base, '')).sort()).toEqual(['/', '/about', '/es/horarios', '/hours', '/menu.pdf', '/products']);
    expect(done.pages.find((page) => page.url.endsWith('/about'))).toMatchObject({ title: 'About us', kind: 'page' });
    expect(done.skipped.find((entry) => entry.url.endsWith('/private/staff'))).toMatchObject({ reason: 'robots' });
    expect(done.progress.read).toBe(6);
    expect(done.discoveredAt).not.toBeNull();

    const listed = (await call('GET', '')).json() as { data: Website[] };
    expect(listed.data.map((entry) => entry._id)).toEqual([website._id]);
    expect((await call('DELETE', `/${website._id}`)).statusCode).toBe(200);
    expect((await call('GET', `/${website._id}`)).statusCode).toBe(404);
  });

  it('reads the chosen pages into documents, a page changed on the site as a new version after a sync, a page left out removed', async () => {
    const { call, sparkId, documents, token } = await owner();
    const added = (await call('POST', '', { url: `${site.base}/`, exclude: ['/slow', '/huge'] })).json() as { data: Website };
    await settled(call, added.data._id);
    const imported = await call('POST', `/${added.data._id}/import`, { leaveOut: [`${site.base}/products`, `${site.base}/hours`] });
    expect(imported.statusCode, imported.payload).toBe(202);
    expect((imported.json() as { data: Website }).data.state).toBe('importing');
    const ready = await settled(call, added.data._id, 'importing');
    expect(ready).toMatchObject({ state: 'ready', progress: { found: 4, read: 4, failed: 0 } });
    await documentsRead(app());
    type Doc = { _id: string; name: string; status: string; version: number };
    const listed = async () => ((await documents.list(sparkId)).json() as { data: Doc[] }).data;
    const first = await listed();
    expect(first.map((document) => document.name).sort()).toEqual(['About us.md', 'Horarios.md', 'Velvet Crumb Bakery.md', 'menu.pdf']);
    expect(first.every((document) => document.status === 'ready')).toBe(true);

    // The page's words answer, and the whole site counts as one of the plan's documents.
    const found = (await documents.search(sparkId, 'when do you open on Sunday')).json() as { data: Array<{ title: string; excerpt: string }> };
    expect(found.data[0]!.excerpt).toContain('8:30 on Sunday');
    // The test chat's answer cites the page by its title, with its address.
    const chat = chatClient(app(), token);
    const tab = await chat.newTest(sparkId, 'Hours');
    const turn = await chat.test(sparkId, tab._id, 'What time do you open on Sunday?');
    expect(turn.statusCode, turn.payload).toBe(200);
    const citations = (turn.json() as { data: { ai: { data: { citations?: Array<{ title: string; url?: string }> } } } }).data.ai.data.citations ?? [];
    expect(citations).toContainEqual(expect.objectContaining({ title: 'About us', url: `${site.base}/about` }));
    const allowance = await app().inject({ method: 'GET', url: '/api/v1/documents/allowance', headers: { authorization: `Bearer ${token}` } });
    expect((allowance.json() as { data: { used: number; documents: Array<{ website?: boolean }> } }).data).toMatchObject({
      used: 1,
      documents: [{ website: true }],
    });

    // The owner edits the home page: a sync reads exactly that page again, as its document's next version.
    site.setPage('/', (await (await fetch(`${site.base}/`)).text()).replace('See <a href="/about">', 'Fresh doughnuts every Friday. See <a href="/about">'));
    expect((await call('POST', `/${added.data._id}/sync`)).statusCode).toBe(202);
    await expect.poll(async () => ((await call('GET', `/${added.data._id}`)).json() as { data: Website }).data.state, { timeout: 30_000 }).toBe('ready');
    await documentsRead(app());
    const second = await listed();
    const before = new Map(first.map((document) => [document.name, document]));
    expect(second.map((document) => document.name).sort()).toEqual([...before.keys()].sort());
    for (const document of second) {
      if (document.name === 'Velvet Crumb Bakery.md') expect(document.version).toBe(before.get(document.name)!.version + 1);
      else expect(document._id).toBe(before.get(document.name)!._id);
    }
    const changed = (await documents.search(sparkId, 'doughnuts on Friday')).json() as { data: Array<{ excerpt: string }> };
    expect(changed.data[0]!.excerpt).toContain('Fresh doughnuts every Friday');

    // Leaving the Spanish page out of the next import removes its document.
    await call('POST', `/${added.data._id}/import`, { leaveOut: [`${site.base}/products`, `${site.base}/hours`, `${site.base}/es/horarios`] });
    await settled(call, added.data._id, 'importing');
    expect((await listed()).map((document) => document.name).sort()).toEqual(['About us.md', 'Velvet Crumb Bakery.md', 'menu.pdf']);

    // Removing the website removes what its pages became.
    expect((await call('DELETE', `/${added.data._id}`)).statusCode).toBe(200);
    expect(await listed()).toEqual([]);
  });

  it('syncs: an unchanged page is asked with its ETag and costs nothing, two changed ones are read again, a page gone twice leaves', async () => {
    const own = await startTestWebsite();
    try {
      const { call, sparkId, documents } = await owner();
      const added = (await call('POST', '', { url: `${own.base}/`, exclude: ['/slow', '/huge'] })).json() as { data: Website };
      await settled(call, added.data._id);
      await call('POST', `/${added.data._id}/import`, { leaveOut: [`${own.base}/hours`] });
      await settled(call, added.data._id, 'importing');
      await documentsRead(app());
      const names = async () => ((await documents.list(sparkId)).json() as { data: Array<{ name: string }> }).data.map((document) => document.name).sort();
      expect(await names()).toEqual(['About us.md', 'Horarios.md', 'Products.md', 'Velvet Crumb Bakery.md', 'menu.pdf']);

      own.setPage(
        '/products',
        (await (await fetch(`${own.base}/products`)).text()).replace('rye, spelt and white loaves', 'rye, spelt, white and seeded loaves'),
      );
      own.setPage('/', (await (await fetch(`${own.base}/`)).text()).replace('See <a href="/about">', 'Open at 6:30 on weekdays. See <a href="/about">'));
      own.setPage('/es/horarios', null);
      const ready = async () => {
        let website: Website | undefined;
        await expect
          .poll(async () => (website = ((await call('GET', `/${added.data._id}`)).json() as { data: Website }).data).state, { timeout: 30_000, interval: 200 })
          .toBe('ready');
        return website!;
      };
      const synced = await call('POST', `/${added.data._id}/sync`);
      expect(synced.statusCode, synced.payload).toBe(202);
      const first = await ready();
      // Exactly the two edited pages are read again; the others answer 304 (the Spanish page, missed once, stays unchanged).
      expect(first.syncs[0]).toMatchObject({ changed: 2, removed: 0, added: 0, failed: 0, unchanged: 3 });
      expect(own.notModified).toEqual(expect.arrayContaining(['/about']));
      expect(own.notModified).not.toContain('/products');
      expect(own.notModified).not.toContain('/');
      await documentsRead(app());
      expect(((await documents.search(sparkId, 'open at 6:30 on weekdays')).json() as { data: Array<{ excerpt: string }> }).data[0]!.excerpt).toContain('6:30');
      // Missed once, the Spanish page still answers.
      expect(await names()).toEqual(['About us.md', 'Horarios.md', 'Products.md', 'Velvet Crumb Bakery.md', 'menu.pdf']);

      await call('POST', `/${added.data._id}/sync`);
      const second = await ready();
      expect(second.syncs[0]).toMatchObject({ changed: 0, removed: 1, added: 0 });
      expect(second.syncs).toHaveLength(3);
      expect(await names()).toEqual(['About us.md', 'Products.md', 'Velvet Crumb Bakery.md', 'menu.pdf']);

      const weekly = await call('PATCH', `/${added.data._id}`, { schedule: 'weekly' });
      expect((weekly.json() as { data: Website }).data.schedule).toBe('weekly');
    } finally {
      await own.close();
    }
  });

  it('the builder chat learns from a website the owner names, and says plainly when it cannot', async () => {
    const { call, sparkId, token } = await owner('emerald');
    const chat = chatClient(app(), token);
    const said = await chat.builder(sparkId, `Please learn from my website ${site.base}/about`);
    expect(said.statusCode, said.payload).toBe(200);
    expect(said.payload).toContain(`I am reading ${site.base}/about`);
    const listed = ((await call('GET', '')).json() as { data: Website[] }).data;
    expect(listed.map((website) => website.url)).toEqual([`${site.base}/about`]);

    // Typed as people type it, without its scheme; an e-mail address's domain is no website.
    const bare = await chat.builder(sparkId, `I also have a second site: ${new URL(site.base).host}/hours`);
    expect(bare.payload).toContain(`I am reading https://${new URL(site.base).host}/hours`);
    await chat.builder(sparkId, 'Write to ana@crumb.example about the website');
    expect(((await call('GET', '')).json() as { data: Website[] }).data.map((website) => website.url)).toEqual([
      `${site.base}/about`,
      `https://${new URL(site.base).host}/hours`,
    ]);

    const refused = await chat.builder(sparkId, 'lee mi web http://10.0.0.7/', undefined, { language: 'es' });
    expect(refused.payload).toContain('No he podido añadir esa web');
    expect(refused.payload).toContain('private or local address');
    expect(((await call('GET', '')).json() as { data: Website[] }).data).toHaveLength(2);
  });

  it('counts websites on the plan: the trial reads one', async () => {
    const { call } = await owner();
    expect((await call('POST', '', { url: `${site.base}/about` })).statusCode).toBe(202);
    const refused = await call('POST', '', { url: `${site.base}/hours` });
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused)).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(errorOf(refused).errors[0]).toMatch(/Your plan reads 1 website/);
    expect(((await call('GET', '')).json() as { data: Website[] }).data).toHaveLength(1);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', /private or local address/],
    ['http://10.1.2.3/', /private or local address/],
    ['http://[::ffff:127.0.0.2]/', /private or local address/],
    ['http://localhost/', /private or local address/],
    ['file:///etc/passwd', /http or https/],
    ['https://user:pw@example.com/', /user name or password/],
    ['http://example.com:2375/', /Port 2375/],
  ])('refuses %s with a clear message and keeps nothing', async (url, message) => {
    const { call } = await owner();
    const response = await call('POST', '', { url });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors.join(' ')).toMatch(message);
    expect(((await call('GET', '')).json() as { data: Website[] }).data).toEqual([]);
  });

  it('refuses a page that redirects to a private address and says so', async () => {
    const { call } = await owner();
    const added = await call('POST', '', { url: `${site.base}/to-metadata`, exclude: ['/slow', '/huge'] });
    expect(added.statusCode).toBe(202);
    const done = await settled(call, (added.json() as { data: Website }).data._id);
    expect(done.pages.map((page) => page.url)).not.toContain(`${site.base}/to-metadata`);
    expect(done.skipped.find((entry) => entry.url === `${site.base}/to-metadata`)).toMatchObject({
      reason: 'failed',
      detail: expect.stringMatching(/169\.254\.169\.254 is a private or local address/),
    });
  });

  it('validates what it is given', async () => {
    const { call } = await owner();
    for (const payload of [
      {},
      { url: 42 },
      { url: `https://example.com/${'a'.repeat(2_100)}` },
      { url: 'https://example.com/', schedule: 'hourly' },
      { url: 'https://example.com/', exclude: Array(21).fill('/x') },
      { url: 'https://example.com/', extra: true },
    ]) {
      const response = await call('POST', '', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
  });

  it('keeps each account to its own Sparks and websites', async () => {
    const alice = await owner();
    const mallory = await owner();
    const added = (await alice.call('POST', '', { url: `${site.base}/about`, exclude: ['/slow', '/huge'] })).json() as { data: Website };
    await settled(alice.call, added.data._id);
    expect((await mallory.call('GET', '', undefined, alice.sparkId)).statusCode).toBe(404);
    expect((await mallory.call('POST', '', { url: `${site.base}/` }, alice.sparkId)).statusCode).toBe(404);
    expect((await mallory.call('GET', `/${added.data._id}`, undefined, alice.sparkId)).statusCode).toBe(404);
    expect((await mallory.call('GET', `/${added.data._id}`)).statusCode).toBe(404);
    expect((await mallory.call('DELETE', `/${added.data._id}`)).statusCode).toBe(404);
    expect((await alice.call('GET', `/${added.data._id}`)).statusCode).toBe(200);
    expect((await mallory.call('GET', '/not-an-id')).statusCode).toBe(400);
  });

  it('stops a crawl the owner cancels', async () => {
    const slow = await startTestWebsite({ crawlDelay: 2 });
    try {
      const { call } = await owner();
      const added = (await call('POST', '', { url: `${slow.base}/` })).json() as { data: Website };
      const cancelled = await call('POST', `/${added.data._id}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect((cancelled.json() as { data: Website }).data.state).toBe('cancelled');
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(((await call('GET', `/${added.data._id}`)).json() as { data: Website }).data.state).toBe('cancelled');
    } finally {
      await slow.close();
    }
  });
});
