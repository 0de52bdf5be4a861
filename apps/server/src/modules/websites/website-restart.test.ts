import type { Website } from '@sparks/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient, documentsRead } from '#test/documents-helpers.js';
import { makeTempDir, startTestApp } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { startTestWebsite, type TestWebsite } from '#test/test-website.js';

/**
 * An instance that stops mid-crawl or mid-import (a deploy, a scale-down) hands the work back:
 * the next instance on the same database and files finishes it, with each page kept once.
 */
describe.each(testDatabaseTargets())('a website read across a restart on $name', (target) => {
  let site: TestWebsite;
  let database: Awaited<ReturnType<typeof target.create>>;
  const files = makeTempDir();
  const env = () => ({ DATA_DIR: files.path, CRAWL_ALLOW_LOOPBACK: 'true' });
  let running: Awaited<ReturnType<typeof startTestApp>> | undefined;

  beforeAll(async () => {
    site = await startTestWebsite();
    database = await target.create();
  });
  afterAll(async () => {
    await running?.stop();
    await site.close();
    await database.drop();
    files.remove();
  });

  const restart = async () => {
    await running?.app.close();
    running = await startTestApp(database.databaseUrl, env());
    return running.app;
  };

  it('finishes a crawl and an import that an instance stopped half-way, each page kept once', async () => {
    let app = await restart();
    const { tokens } = await verifiedAccount(app);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const sparkId = (await chatClient(app, tokens.access_token).newSpark())._id;
    const website = async (id: string) =>
      ((await app.inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/websites/${id}`, headers })).json() as { data: Website }).data;

    // A slow site: the crawl is still under way when the instance stops.
    site.setLatency(400);
    const added = await app.inject({
      method: 'POST',
      url: `/api/v1/sparks/${sparkId}/websites`,
      headers,
      payload: { url: `${site.base}/`, exclude: ['/slow', '/huge'] },
    });
    expect(added.statusCode, added.payload).toBe(202);
    const id = (added.json() as { data: Website }).data._id;
    const requested = () => site.requests.filter((request) => !request.path.includes('robots') && !request.path.includes('sitemap')).length;
    await expect.poll(requested, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    app = await restart();
    expect((await website(id)).state).toBe('discovering');
    site.setLatency(0);
    await expect.poll(async () => (await website(id)).state, { timeout: 30_000, interval: 200 }).toBe('discovered');
    const found = await website(id);
    const addresses = found.pages.map((page) => page.url.replace(site.base, '')).sort();
    expect(addresses).toEqual(['/', '/about', '/es/horarios', '/hours', '/menu.pdf', '/products']);

    // The import is stopped after its first page: the next instance reads the rest, and not the first again.
    site.setLatency(500);
    const before = site.requests.length;
    expect((await app.inject({ method: 'POST', url: `/api/v1/sparks/${sparkId}/websites/${id}/import`, headers, payload: { leaveOut: [] } })).statusCode).toBe(
      202,
    );
    await expect.poll(() => site.requests.length - before, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    app = await restart();
    site.setLatency(0);
    await expect.poll(async () => (await website(id)).state, { timeout: 30_000, interval: 200 }).toBe('ready');
    await documentsRead(app);
    const names = ((await documentsClient(app, tokens.access_token).list(sparkId)).json() as { data: Array<{ name: string; status: string }> }).data;
    expect(names.map((document) => document.name).sort()).toEqual([
      'About us.md',
      'Horarios.md',
      'Hours.md',
      'Products.md',
      'Velvet Crumb Bakery.md',
      'menu.pdf',
    ]);
    expect(names.every((document) => document.status === 'ready')).toBe(true);
  });
});
