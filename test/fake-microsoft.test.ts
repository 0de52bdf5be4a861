import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMicrosoft, type FakeMicrosoft } from './support/fake-microsoft';

// Never fetched: the authorize redirect is read with redirect: 'manual'.
const REDIRECT_URI = 'http://127.0.0.1:9/api/v1/integrations/sharepoint/callback';
const SCOPE = 'offline_access https://graph.microsoft.com/Sites.Read.All';

interface Tokens {
  token_type: string;
  scope: string;
  expires_in: number;
  access_token: string;
  refresh_token: string;
}
interface DriveItem {
  id: string;
  name?: string;
  size?: number;
  cTag?: string;
  eTag?: string;
  lastModifiedDateTime?: string;
  parentReference?: { driveId: string; id?: string; path?: string };
  file?: { mimeType: string };
  folder?: { childCount: number };
  deleted?: { state: string };
  root?: object;
}
interface Page {
  value: DriveItem[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

// The fake is only worth having if it holds a client to what Microsoft really demands.
describe('fake Microsoft identity platform and Graph', () => {
  let ms: FakeMicrosoft;

  beforeEach(async () => {
    ms = await startFakeMicrosoft();
  });
  afterEach(() => ms.close());

  const verifierPair = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };

  async function authorize(params: Record<string, string> = {}): Promise<URL> {
    const url = new URL(`${ms.authority}/oauth2/v2.0/authorize`);
    const query = { client_id: ms.clientId, response_type: 'code', redirect_uri: REDIRECT_URI, scope: SCOPE, state: 'st-1', code_challenge_method: 'S256' };
    for (const [key, value] of Object.entries({ ...query, ...params })) url.searchParams.set(key, value);
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  }

  function token(fields: Record<string, string>, init: { basic?: boolean } = {}): Promise<Response> {
    const credentials = { client_id: ms.clientId, client_secret: ms.clientSecret };
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (init.basic)
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(ms.clientId)}:${encodeURIComponent(ms.clientSecret)}`).toString('base64')}`;
    const body = new URLSearchParams({ ...(init.basic ? {} : credentials), ...fields });
    return fetch(`${ms.authority}/oauth2/v2.0/token`, { method: 'POST', headers, body });
  }

  async function signIn(): Promise<Tokens> {
    const { verifier, challenge } = verifierPair();
    const code = (await authorize({ code_challenge: challenge })).searchParams.get('code')!;
    const response = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(response.status).toBe(200);
    return (await response.json()) as Tokens;
  }

  const graph = (pathOrUrl: string, accessToken: string) =>
    fetch(pathOrUrl.startsWith('http') ? pathOrUrl : `${ms.graphUrl}${pathOrUrl}`, { headers: { authorization: `Bearer ${accessToken}` }, redirect: 'manual' });

  /** Follows @odata.nextLink to the end; answers every item, the page count and the deltaLink if any. */
  async function collect(first: string, accessToken: string): Promise<{ items: DriveItem[]; pages: number; deltaLink?: string }> {
    const items: DriveItem[] = [];
    let pages = 0;
    for (let url: string | undefined = first; ;) {
      const response = await graph(url, accessToken);
      expect(response.status).toBe(200);
      const page = (await response.json()) as Page;
      items.push(...page.value);
      pages += 1;
      if (page['@odata.nextLink']) {
        expect(page['@odata.nextLink']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\.0\//);
        url = page['@odata.nextLink'];
      } else return { items, pages, deltaLink: page['@odata.deltaLink'] };
    }
  }

  it('completes the PKCE code flow, refusing a wrong verifier, a wrong redirect URI and a reused code', async () => {
    const { verifier, challenge } = verifierPair();
    const back = await authorize({ code_challenge: challenge });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code')!;
    const redeem = (fields: Record<string, string>) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier, ...fields });

    const wrongVerifier = await redeem({ code_verifier: verifierPair().verifier });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/^AADSTS\d+: /) });
    expect((await redeem({ redirect_uri: 'http://127.0.0.1:9/elsewhere' })).status).toBe(400);

    const granted = await redeem({});
    expect(granted.status).toBe(200);
    expect(granted.headers.get('cache-control')).toBe('no-store');
    const tokens = (await granted.json()) as Tokens;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'https://graph.microsoft.com/Sites.Read.All' });
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();

    const reused = await redeem({});
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant', error_codes: [54005] });
  });

  it('sends the browser back with invalid_scope without offline_access or a read scope, and refuses PKCE without S256', async () => {
    const { challenge } = verifierPair();
    const noOffline = await authorize({ code_challenge: challenge, scope: 'Sites.Read.All' });
    expect(noOffline.searchParams.get('error')).toBe('invalid_scope');
    expect(noOffline.searchParams.get('state')).toBe('st-1');
    expect(noOffline.searchParams.has('code')).toBe(false);
    expect((await authorize({ code_challenge: challenge, scope: 'offline_access User.Read' })).searchParams.get('error')).toBe('invalid_scope');
    expect((await authorize({ code_challenge: challenge, scope: 'offline_access Files.Read.All' })).searchParams.has('code')).toBe(true);
    expect((await authorize({ code_challenge: challenge, code_challenge_method: 'plain' })).searchParams.get('error')).toBe('invalid_request');

    // An unknown client never gets a redirect: Entra cannot trust its redirect URI.
    const unknown = await fetch(`${ms.authority}/oauth2/v2.0/authorize?client_id=nobody&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('AADSTS700016');
  });

  it('takes client credentials by HTTP Basic as well as in the body, and answers a wrong secret with invalid_client', async () => {
    const { refresh_token } = await signIn();
    const byBasic = await token({ grant_type: 'refresh_token', refresh_token }, { basic: true });
    expect(byBasic.status).toBe(200);

    const wrongSecret = await token({ grant_type: 'refresh_token', refresh_token, client_secret: 'not-it' });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('rotates refresh tokens: the spent one is refused, the new pair works', async () => {
    const first = await signIn();
    const rotated = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);

    const spent = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(spent.status).toBe(400);
    expect(await spent.json()).toMatchObject({ error: 'invalid_grant' });

    const me = await graph('/me', second.access_token);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ displayName: 'Ada Lovelace', userPrincipalName: 'ada@contoso.example' });
  });

  it('refuses Graph without a bearer token, and expired tokens until a refresh', async () => {
    const noToken = await fetch(`${ms.graphUrl}/me`);
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ error: { code: 'InvalidAuthenticationToken' } });

    const tokens = await signIn();
    ms.expireAccessTokens();
    const expired = await graph('/me', tokens.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error: { code: 'InvalidAuthenticationToken', message: expect.stringContaining('expired') } });

    const refreshed = (await (await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).json()) as Tokens;
    expect((await graph('/me', refreshed.access_token)).status).toBe(200);
  });

  it('finds sites by search and lists their document libraries', async () => {
    const { access_token } = await signIn();
    const all = (await (await graph('/sites?search=*', access_token)).json()) as { value: Array<{ id: string; displayName: string }> };
    expect(all.value.map((site) => site.displayName)).toEqual(['Contoso Policies', 'Marketing']);

    const found = (await (await graph('/sites?search=policies', access_token)).json()) as { value: Array<{ id: string; webUrl: string }> };
    expect(found.value).toEqual([expect.objectContaining({ id: ms.siteId, displayName: ms.siteName, webUrl: expect.stringMatching(/^https:\/\//) })]);

    // Site ids hold commas; a client that encodes them must still reach the site.
    const drives = (await (await graph(`/sites/${encodeURIComponent(ms.siteId)}/drives`, access_token)).json()) as { value: object[] };
    expect(drives.value).toEqual([expect.objectContaining({ id: ms.driveId, name: ms.driveName, driveType: 'documentLibrary' })]);
    const marketing = all.value.find((site) => site.displayName === 'Marketing')!;
    const shared = (await (await graph(`/sites/${marketing.id}/drives`, access_token)).json()) as { value: Array<{ id: string; name: string }> };
    expect(shared.value.map((drive) => drive.name)).toEqual(['Shared Documents']);
    const files = await collect(`/drives/${shared.value[0]!.id}/root/children`, access_token);
    expect(files.items.map((item) => item.name)).toEqual(['Brand guidelines.pdf', 'Campaigns']);
  });

  it('pages through children with absolute $skiptoken links and Graph-shaped items', async () => {
    const { access_token } = await signIn();
    for (const name of ['a.pdf', 'b.docx', 'c.txt', 'd.pdf', 'e.pdf']) ms.addFile({ name, folder: '', bytes: Buffer.from(`body of ${name}`) });
    const nested = ms.addFile({ name: 'Leave.pdf', folder: 'Policies/2026', bytes: Buffer.from('%PDF leave') });

    const firstPage = (await (await graph(`/drives/${ms.driveId}/root/children`, access_token)).json()) as Page;
    expect(firstPage.value).toHaveLength(2);
    expect(firstPage['@odata.nextLink']).toContain('$skiptoken=');

    const root = await collect(`/drives/${ms.driveId}/root/children`, access_token);
    expect(root.pages).toBe(3);
    expect(root.items.map((item) => item.name)).toEqual(['a.pdf', 'b.docx', 'c.txt', 'd.pdf', 'e.pdf', 'Policies']);
    expect(root.items[0]).toMatchObject({
      size: 'body of a.pdf'.length,
      file: { mimeType: 'application/pdf' },
      parentReference: { driveId: ms.driveId, path: `/drives/${ms.driveId}/root:` },
      lastModifiedDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      cTag: expect.any(String),
      eTag: expect.any(String),
    });
    expect(root.items[1]!.file!.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(root.items[2]!.file!.mimeType).toBe('application/octet-stream');
    expect(root.items[5]).toMatchObject({ id: ms.folderId('Policies'), folder: { childCount: 1 } });
    expect(root.items[5]!.file).toBeUndefined();

    const year = ms.folderId('Policies/2026');
    const inner = await collect(`/drives/${ms.driveId}/items/${year}/children`, access_token);
    expect(inner.items).toEqual([
      expect.objectContaining({ id: nested, parentReference: expect.objectContaining({ id: year, path: `/drives/${ms.driveId}/root:/Policies/2026` }) }),
    ]);
    const one = (await (await graph(`/drives/${ms.driveId}/items/${nested}`, access_token)).json()) as DriveItem;
    expect(one).toMatchObject({ id: nested, name: 'Leave.pdf' });
  });

  it('reports everything in a first delta, then only what was added, changed or deleted', async () => {
    const { access_token } = await signIn();
    const kept = ms.addFile({ name: 'Handbook.pdf', folder: 'Policies', bytes: Buffer.from('v1') });
    const doomed = ms.addFile({ name: 'Old.docx', folder: 'Policies/Archive', bytes: Buffer.from('old') });
    ms.addFile({ name: 'Readme.txt', folder: '', bytes: Buffer.from('hello') });

    const first = await collect(`/drives/${ms.driveId}/root/delta`, access_token);
    expect(first.pages).toBeGreaterThan(1);
    expect(first.deltaLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\.0\/drives\/.+\/root\/delta\?token=/);
    expect(first.items.map((item) => item.name).sort()).toEqual(['Archive', 'Handbook.pdf', 'Old.docx', 'Policies', 'Readme.txt', 'root']);
    expect(first.items.find((item) => item.root)).toBeDefined();
    const before = first.items.find((item) => item.id === kept)!;
    // Delta leaves out parentReference.path (as Graph does): parents are known by id only.
    expect(before.parentReference).toMatchObject({ driveId: ms.driveId, id: ms.folderId('Policies') });
    expect(before.parentReference!.path).toBeUndefined();

    const quiet = await collect(first.deltaLink!, access_token);
    expect(quiet.items).toEqual([]);

    const added = ms.addFile({ name: 'Travel.pdf', folder: 'Policies/2026', bytes: Buffer.from('travel') });
    ms.changeFile(kept, Buffer.from('v2, longer'));
    ms.deleteFile(doomed);
    const second = await collect(first.deltaLink!, access_token);
    expect(second.items.map((item) => item.id)).toEqual([ms.folderId('Policies/2026'), added, kept, doomed]);
    const changed = second.items.find((item) => item.id === kept)!;
    expect(changed.cTag).not.toBe(before.cTag);
    expect(changed.eTag).not.toBe(before.eTag);
    expect(changed.size).toBe('v2, longer'.length);
    expect(Date.parse(changed.lastModifiedDateTime!)).toBeGreaterThan(Date.parse(before.lastModifiedDateTime!));
    expect(second.items.at(-1)).toEqual({ id: doomed, deleted: { state: 'deleted' }, parentReference: expect.objectContaining({ driveId: ms.driveId }) });

    expect((await collect(second.deltaLink!, access_token)).items).toEqual([]);
    const gone = await graph(`/drives/${ms.driveId}/items/${doomed}`, access_token);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { code: 'itemNotFound' } });
  });

  it('redirects content to a pre-authenticated download URL that serves the bytes', async () => {
    const { access_token } = await signIn();
    const bytes = Buffer.from('%PDF-1.7 binary \x00\xff', 'latin1');
    const id = ms.addFile({ name: 'Policy.pdf', folder: 'Policies', bytes });

    const redirect = await graph(`/drives/${ms.driveId}/items/${id}/content`, access_token);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/download\//);

    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('throttles with 429 and Retry-After, then answers the retry that waited', async () => {
    const { access_token } = await signIn();
    ms.throttleNext(1, 1);
    const throttled = await graph('/me', access_token);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('1');
    expect(await throttled.json()).toMatchObject({ error: { code: 'TooManyRequests', message: expect.any(String) } });

    await sleep(Number(throttled.headers.get('retry-after')) * 1000);
    expect((await graph('/me', access_token)).status).toBe(200);
    const calls = ms.requests.filter((request) => request.path === '/v1.0/me');
    expect(calls.map((call) => call.status)).toEqual([429, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('after revokeConsent refuses every token until the user consents again', async () => {
    const tokens = await signIn();
    ms.revokeConsent();

    const refused = await graph('/me', tokens.access_token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'InvalidAuthenticationToken' } });
    const refresh = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant', error_description: 'AADSTS70000: consent revoked' });

    const again = await signIn();
    expect((await graph('/me', again.access_token)).status).toBe(200);
  });

  it('answers unknown ids with a Graph itemNotFound', async () => {
    const { access_token } = await signIn();
    for (const path of [`/drives/${ms.driveId}/items/01NOSUCHITEM`, '/drives/b!nope/root/children', '/sites/contoso.sharepoint.com,x,y/drives']) {
      const response = await graph(path, access_token);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'itemNotFound', message: expect.any(String) } });
    }
  });
});
