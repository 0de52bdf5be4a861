import type { SharepointStatus } from '@sparks/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { integrations } from '../../db/schema.js';
import { IntegrationsRepository } from './integrations-repository.js';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { subscribe } from '#test/billing-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { makeDocx, makePdf } from '#test/document-fixtures.js';
import { documentsClient } from '#test/documents-helpers.js';
import { sharepointClient } from '#test/sharepoint-helpers.js';
import { startTestApp } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { startFakeMicrosoft, type FakeMicrosoft } from '../../../../../test/support/fake-microsoft.js';

const PUBLIC_URL = 'http://sparks.test';

const returnsPdf = (days: number) =>
  makePdf([{ heading: 'Returns policy', paragraphs: [`Bicycles can be returned within ${days} days of purchase with the receipt.`] }], { title: 'Returns' });

describe.each(testDatabaseTargets())('SharePoint document library on $name', (target) => {
  let ms: FakeMicrosoft;
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let drop: () => Promise<void>;
  let databaseUrl: string | undefined;
  const app = (): FastifyInstance => harness.app;

  beforeAll(async () => {
    ms = await startFakeMicrosoft();
    const database = await target.create();
    drop = database.drop;
    databaseUrl = database.databaseUrl;
    harness = await startTestApp(database.databaseUrl, {
      PUBLIC_URL,
      MICROSOFT_CLIENT_ID: ms.clientId,
      MICROSOFT_CLIENT_SECRET: ms.clientSecret,
      MICROSOFT_AUTHORITY: ms.authority,
      GRAPH_BASE_URL: ms.graphUrl,
    });
    ms.addFile({ name: 'Pricing.pdf', bytes: await makePdf([{ paragraphs: ['Internal price list, not in a followed folder.'] }]), folder: 'Sales' });
  });
  afterAll(async () => {
    await harness?.stop();
    await drop?.();
    await ms?.close();
  });

  let folders = 0;
  /** Each test follows a folder of its own, so what one test changes in the library no other test sees. */
  async function seedFolder() {
    folders += 1;
    const folder = `Policies ${folders}`;
    const ids = {
      folder,
      returns: ms.addFile({ name: 'Returns.pdf', bytes: await returnsPdf(30), folder }),
      warranty: ms.addFile({
        name: 'Warranty.docx',
        bytes: await makeDocx([{ heading: 'Warranty' }, { paragraph: 'Frames carry a lifetime warranty against manufacturing defects.' }]),
        folder: `${folder}/2026`,
      }),
      notes: ms.addFile({ name: 'budget.xlsx', bytes: Buffer.from('not followed: spreadsheets are not read'), folder }),
    };
    return ids;
  }

  async function owner(plan: 'zaphire' | 'ruby' | 'free' = 'zaphire') {
    const { tokens } = await verifiedAccount(app());
    if (plan !== 'free') await subscribe(app(), tokens.access_token, plan);
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    return {
      token: tokens.access_token,
      sparkId: spark._id,
      sharepoint: sharepointClient(app(), tokens.access_token),
      documents: documentsClient(app(), tokens.access_token),
    };
  }

  async function followPolicies(sharepoint: ReturnType<typeof sharepointClient>, sparkId: string, folder: string): Promise<SharepointStatus> {
    const response = await sharepoint.select(sparkId, { siteId: ms.siteId, driveId: ms.driveId, folderIds: [ms.folderId(folder)] });
    expect(response.statusCode, response.payload).toBe(200);
    await sharepoint.settle();
    return sharepoint.status(sparkId);
  }

  it('connects through Microsoft with PKCE and a single-use state, and keeps the tokens sealed', async () => {
    const { sparkId, sharepoint } = await owner();
    expect((await sharepoint.status(sparkId)).state).toBe('disconnected');
    const authUrl = new URL((await sharepoint.authorize(sparkId)).json().data.authUrl);
    expect(authUrl.origin + authUrl.pathname).toBe(`${ms.authority}/oauth2/v2.0/authorize`);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('scope')).toContain('offline_access');
    expect(authUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/integrations/microsoft/callback`);

    const { location, callbackPath } = await sharepoint.connect(sparkId);
    expect(location).toBe(`${PUBLIC_URL}/spark/${sparkId}?q=sharepoint-conected`);
    const status = await sharepoint.status(sparkId);
    expect(status).toMatchObject({ state: 'connected', account: 'ada@contoso.example', drive: null, files: [] });
    expect(JSON.stringify(status)).not.toMatch(/token/i);

    const [row] = await app().database.db.select().from(integrations).where(eq(integrations.sparkId, sparkId));
    // A compact JWE (five parts, encrypted with A256GCM): the tokens are not readable from the table.
    expect(row!.tokens.split('.')).toHaveLength(5);
    expect(JSON.parse(Buffer.from(row!.tokens.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'dir', enc: 'A256GCM' });
    expect(row!.tokens).not.toMatch(/refresh|access/i);

    // The same return a second time is refused: the state was spent.
    expect(await sharepoint.callback(callbackPath)).toBe(`${PUBLIC_URL}/?integrationError=invalid-state`);
  });

  it('refuses a forged state, and a refused consent connects nothing', async () => {
    const { sparkId, sharepoint } = await owner();
    expect(await sharepoint.callback('/api/v1/integrations/microsoft/callback?code=forged&state=not-ours')).toBe(
      `${PUBLIC_URL}/?integrationError=invalid-state`,
    );
    const path = await sharepoint.windowReturn(sparkId);
    const state = new URL(path, PUBLIC_URL).searchParams.get('state')!;
    const denied = `/api/v1/integrations/microsoft/callback?error=access_denied&error_description=no&state=${encodeURIComponent(state)}`;
    expect(await sharepoint.callback(denied)).toBe(`${PUBLIC_URL}/spark/${sparkId}?integrationError=denied`);
    expect((await sharepoint.status(sparkId)).state).toBe('disconnected');
    // The state that was refused cannot be used for the real code afterwards.
    expect(await sharepoint.callback(path)).toBe(`${PUBLIC_URL}/?integrationError=invalid-state`);
  });

  it('is offered only on the zaphire plan, and never for another tenant’s Spark', async () => {
    const ruby = await owner('ruby');
    expect(await ruby.sharepoint.status(ruby.sparkId)).toMatchObject({ state: 'unavailable', reason: 'plan' });
    const refused = await ruby.sharepoint.authorize(ruby.sparkId);
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused).errors.join()).toMatch(/zaphire/);
    // One refusal family for every counted limit: a plan without libraries allows none of them.
    expect(errorOf(refused).code).toBe('LIMIT_REACHED');
    const trial = await owner('free');
    expect((await trial.sharepoint.authorize(trial.sparkId)).statusCode).toBe(402);

    const stranger = await owner();
    expect((await stranger.sharepoint.authorize(ruby.sparkId)).statusCode).toBe(404);
    expect((await stranger.sharepoint.get(ruby.sparkId, '/sites')).statusCode).toBe(404);
    expect((await stranger.sharepoint.authorize(stranger.sparkId, 'dropbox')).statusCode).toBe(400);
  });

  it('imports the PDF and Word files of the chosen folder and its sub-folders, with their paths', async () => {
    const { sparkId, sharepoint, documents } = await owner();
    const { folder } = await seedFolder();
    await sharepoint.connect(sparkId);
    const sites = (await sharepoint.get(sparkId, '/sites')).json().data as Array<{ id: string; name: string }>;
    expect(sites.map((site) => site.name)).toEqual(expect.arrayContaining(['Contoso Policies', 'Marketing']));
    const drives = (await sharepoint.get(sparkId, `/sites/${encodeURIComponent(ms.siteId)}/drives`)).json().data;
    expect(drives).toEqual([{ id: ms.driveId, name: ms.driveName }]);
    const root = (await sharepoint.get(sparkId, `/drives/${encodeURIComponent(ms.driveId)}/folders`)).json().data;
    expect(root.folders.map((item: { name: string }) => item.name)).toEqual(expect.arrayContaining([folder, 'Sales']));
    const inside = (await sharepoint.get(sparkId, `/drives/${encodeURIComponent(ms.driveId)}/folders?parent=${encodeURIComponent(ms.folderId(folder))}`)).json()
      .data;
    expect(inside).toMatchObject({ folder: { name: folder, path: folder }, folders: [{ name: '2026', path: `${folder}/2026` }], files: 2 });

    const status = await followPolicies(sharepoint, sparkId, folder);
    expect(status.folders).toEqual([{ id: ms.folderId(folder), path: folder }]);
    expect(status.files.map((file) => [file.name, file.path, file.status]).sort()).toEqual([
      ['Returns.pdf', folder, 'ready'],
      ['Warranty.docx', `${folder}/2026`, 'ready'],
    ]);
    expect(status.sync.summary).toMatchObject({ imported: 2, updated: 0, removed: 0, skipped: [] });
    const found = (await documents.search(sparkId, 'lifetime warranty frames')).json().data as Array<{ title: string; excerpt: string }>;
    expect(found[0]).toMatchObject({ title: 'Warranty.docx', excerpt: expect.stringContaining('lifetime warranty') });
    expect((await documents.search(sparkId, 'internal price list')).json().data).toEqual([]);
  });

  it('re-syncs through delta links: new and changed files re-read, deleted ones removed', async () => {
    const { sparkId, sharepoint, documents } = await owner();
    const ids = await seedFolder();
    await sharepoint.connect(sparkId);
    await followPolicies(sharepoint, sparkId, ids.folder);
    const from = ms.requests.length;

    ms.addFile({ name: 'Shipping.pdf', bytes: await makePdf([{ paragraphs: ['Orders ship within two working days.'] }]), folder: ids.folder });
    // Files the library holds but the Spark cannot read are reported one by one; the sync goes on.
    ms.addFile({ name: 'Blank.pdf', bytes: Buffer.alloc(0), folder: ids.folder });
    ms.addFile({ name: 'Photo.pdf', bytes: Buffer.from('GIF89a\x01\x00\x01\x00 not a pdf', 'latin1'), folder: ids.folder });
    ms.addFile({ name: 'Price list.pdf', bytes: Buffer.from('Price list\nSourdough 4.50\n'), folder: ids.folder });
    ms.changeFile(ids.returns, await returnsPdf(45));
    ms.deleteFile(ids.warranty);
    expect((await sharepoint.sync(sparkId)).statusCode).toBe(200);
    await sharepoint.settle();

    const status = await sharepoint.status(sparkId);
    expect(status.sync.summary).toMatchObject({ imported: 1, updated: 1, removed: 1 });
    expect(status.sync.summary?.skipped.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Blank.pdf', reason: 'empty' },
      { name: 'Photo.pdf', reason: 'unsupported' },
      { name: 'Price list.pdf', reason: 'mismatch' },
    ]);
    expect(status.sync.lastError).toBeNull();
    expect(status.files.map((file) => file.name).sort()).toEqual(['Returns.pdf', 'Shipping.pdf']);
    // The changed file was read as the next version, which then took the old one's place.
    const listed = (await documents.list(sparkId)).json().data as Array<{ name: string; version: number }>;
    expect(listed.filter((document) => document.name === 'Returns.pdf').map((document) => document.version)).toEqual([2]);
    // The follow-up read the delta link only, not the whole listing again.
    const deltaReads = ms.requests.slice(from).filter((request) => request.path.includes('/root/delta'));
    expect(deltaReads.length).toBeGreaterThan(0);
    expect(deltaReads.every((request) => request.path.includes('token='))).toBe(true);
    const answer = (await documents.search(sparkId, 'bicycles returned within days')).json().data as Array<{ excerpt: string }>;
    expect(answer[0]?.excerpt).toContain('45 days');
    expect(answer.some((passage) => passage.excerpt.includes('30 days'))).toBe(false);
  });

  // PGlite has one connection: only PostgreSQL lets a sync begin between the sweep's read and its write.
  it.skipIf(target.name === 'pglite')('never queues again a sync that began while the sweep was choosing what is due', async () => {
    const { sparkId, sharepoint } = await owner();
    const { folder } = await seedFolder();
    await sharepoint.connect(sparkId);
    await followPolicies(sharepoint, sparkId, folder);
    const db = app().database.db;
    const [row] = await db.select().from(integrations).where(eq(integrations.sparkId, sparkId));
    await db.update(integrations).set({ syncState: 'queued' }).where(eq(integrations.id, row!.id));
    // A worker begins the queued sync on another connection and has not committed yet…
    const worker = new pg.Client({ connectionString: databaseUrl });
    await worker.connect();
    try {
      await worker.query('begin');
      await worker.query(`update integrations set sync_state = 'running' where id = $1`, [row!.id]);
      // …while the sweep reads the row as queued and waits to write it.
      const sweep = new IntegrationsRepository(db).dueSyncs(60);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await worker.query('commit');
      expect(await sweep).not.toContain(row!.id);
    } finally {
      await worker.end();
    }
    const [after] = await db.select().from(integrations).where(eq(integrations.id, row!.id));
    expect(after?.syncState).toBe('running');
    await db.update(integrations).set({ syncState: 'idle' }).where(eq(integrations.id, row!.id));
  });

  it('waits as long as Graph asks when throttled, and renews an expired access token', async () => {
    const { sparkId, sharepoint } = await owner();
    const { folder } = await seedFolder();
    await sharepoint.connect(sparkId);
    await followPolicies(sharepoint, sparkId, folder);
    ms.addFile({ name: 'Throttled.pdf', bytes: await makePdf([{ paragraphs: ['Read after a wait.'] }]), folder });
    ms.expireAccessTokens();
    ms.throttleNext(1, 1);
    const from = ms.requests.length;
    await sharepoint.sync(sparkId);
    await sharepoint.settle();
    const status = await sharepoint.status(sparkId);
    expect(status.files.map((file) => file.name)).toContain('Throttled.pdf');
    expect(status.sync.lastError).toBeNull();
    const seen = ms.requests.slice(from);
    const throttled = seen.findIndex((request) => request.status === 429);
    expect(throttled).toBeGreaterThanOrEqual(0);
    expect(seen[throttled + 1]!.at - seen[throttled]!.at).toBeGreaterThanOrEqual(1000);
    expect(seen.some((request) => request.method === 'POST' && request.path.endsWith('/oauth2/v2.0/token'))).toBe(true);
  });

  it('asks for a reconnect when consent is revoked; reconnecting keeps the folders and the documents', async () => {
    const { sparkId, sharepoint } = await owner();
    const { folder } = await seedFolder();
    await sharepoint.connect(sparkId);
    await followPolicies(sharepoint, sparkId, folder);
    ms.revokeConsent();
    ms.expireAccessTokens();
    await sharepoint.sync(sparkId);
    await sharepoint.settle();
    const revoked = await sharepoint.status(sparkId);
    expect(revoked.state).toBe('reconnect');
    expect(revoked.files).toHaveLength(2);
    const browse = await sharepoint.get(sparkId, '/sites');
    expect(browse.statusCode).toBe(409);
    expect(errorOf(browse).code).toBe('RECONNECT_REQUIRED');

    expect((await sharepoint.connect(sparkId)).location).toBe(`${PUBLIC_URL}/spark/${sparkId}?q=sharepoint-conected`);
    await sharepoint.settle();
    const again = await sharepoint.status(sparkId);
    expect(again).toMatchObject({ state: 'connected', folders: [{ path: folder }] });
    expect(again.files).toHaveLength(2);
  });

  it('counts connections against the plan: of two windows racing for the last place, one connects', async () => {
    const { token } = await owner();
    const chat = chatClient(app(), token);
    const sharepoint = sharepointClient(app(), token);
    const sparks = await Promise.all(Array.from({ length: 6 }, () => chat.newSpark()));
    for (const spark of sparks.slice(0, 4)) await sharepoint.connect(spark._id);
    const windows = await Promise.all(sparks.slice(4).map((spark) => sharepoint.windowReturn(spark._id)));
    const outcomes = await Promise.all(windows.map((path) => sharepoint.callback(path)));
    expect(outcomes.filter((location) => location.endsWith('?q=sharepoint-conected'))).toHaveLength(1);
    expect(outcomes.filter((location) => location.endsWith('?integrationError=limit-reached'))).toHaveLength(1);
    const seventh = await chat.newSpark();
    const refused = await sharepoint.authorize(seventh._id);
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused).code).toBe('LIMIT_REACHED');
  });

  it('disconnects: tokens gone; the documents stay as the Spark’s own or go when asked', async () => {
    const kept = await owner();
    const { folder } = await seedFolder();
    await kept.sharepoint.connect(kept.sparkId);
    await followPolicies(kept.sharepoint, kept.sparkId, folder);
    expect((await kept.sharepoint.disconnect(kept.sparkId, false)).statusCode).toBe(200);
    expect((await kept.sharepoint.status(kept.sparkId)).state).toBe('disconnected');
    expect(await app().database.db.select().from(integrations).where(eq(integrations.sparkId, kept.sparkId))).toEqual([]);
    expect(((await kept.documents.list(kept.sparkId)).json().data as unknown[]).length).toBe(2);

    const removed = await owner();
    await removed.sharepoint.connect(removed.sparkId);
    await followPolicies(removed.sharepoint, removed.sparkId, folder);
    expect((await removed.sharepoint.disconnect(removed.sparkId, true)).statusCode).toBe(200);
    expect((await removed.documents.list(removed.sparkId)).json().data).toEqual([]);
    expect((await removed.sharepoint.disconnect(removed.sparkId, true)).statusCode).toBe(409);
  });

  it('answers hostile choices with a 4xx and changes nothing', async () => {
    const { sparkId, sharepoint } = await owner();
    const ids = await seedFolder();
    await sharepoint.connect(sparkId);
    const good = { siteId: ms.siteId, driveId: ms.driveId, folderIds: [ms.folderId(ids.folder)] };
    const attempts: Array<[unknown, number]> = [
      [{ ...good, folderIds: ['../../me/drive'] }, 400],
      [{ ...good, siteId: 'x/../../users' }, 400],
      [{ ...good, folderIds: [] }, 400],
      [{ ...good, folderIds: Array.from({ length: 21 }, (_, index) => `id${index}`) }, 400],
      [{ ...good, extra: true }, 400],
      [{ ...good, folderIds: [ids.returns] }, 400],
      [{ ...good, siteId: 'contoso.sharepoint.com,00000000-0000-0000-0000-000000000000,00000000-0000-0000-0000-000000000000' }, 404],
      [{ ...good, folderIds: ['01NOSUCHFOLDER'] }, 404],
    ];
    for (const [payload, status] of attempts) {
      const response = await sharepoint.select(sparkId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.payload).not.toMatch(/at .*\.ts:\d+/);
    }
    expect((await sharepoint.status(sparkId)).folders).toEqual([]);
    expect((await sharepoint.get(sparkId, `/drives/${encodeURIComponent(ms.driveId)}/folders?parent=${'x'.repeat(400)}`)).statusCode).toBe(400);
  });
});
