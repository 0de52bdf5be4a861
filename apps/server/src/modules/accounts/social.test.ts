import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcPeer, type OidcPeer } from '../../../../../test/support/oidc-peer.js';
import { errorOf, get } from '#test/accounts-helpers.js';
import { startTestApp } from '#test/test-app.js';

describe('sign-in with an OpenID provider', () => {
  let peer: OidcPeer;
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  const publicUrl = 'http://127.0.0.1:4999';

  beforeAll(async () => {
    peer = await startOidcPeer(`${publicUrl}/api/v1/auth/service/google/callback`);
    harness = await startTestApp(undefined, {
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: peer.clientId,
      GOOGLE_CLIENT_SECRET: peer.clientSecret,
      GOOGLE_ISSUER: peer.issuer,
    });
  });
  afterAll(async () => {
    await harness.stop();
    await peer.close();
  });

  const loginUrl = async () => new URL(((await get(harness.app, '/auth/service/google/login')).json() as { data: { url: string } }).data.url);
  const callback = (query: string) => harness.app.inject({ method: 'GET', url: `/api/v1/auth/service/google/callback?${query}` });

  it('lists the configured provider', async () => {
    expect((await get(harness.app, '/auth/providers')).json()).toEqual({ data: { providers: ['google'] } });
  });

  it('sends the browser to the provider with PKCE, a state and a nonce', async () => {
    const url = await loginUrl();
    expect(url.origin).toBe(peer.issuer);
    expect(url.searchParams.get('client_id')).toBe(peer.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/v1/auth/service/google/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toContain('openid');
  });

  it('refuses a callback whose state it never issued', async () => {
    const response = await callback('state=forged&code=whatever');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${publicUrl}/auth/callback#error=invalid-state`);
  });

  it('spends the state on first use, even when the code is bad', async () => {
    const state = (await loginUrl()).searchParams.get('state')!;
    expect((await callback(`state=${state}&code=bogus`)).headers.location).toBe(`${publicUrl}/auth/callback#error=provider-error`);
    expect((await callback(`state=${state}&code=bogus`)).headers.location).toBe(`${publicUrl}/auth/callback#error=invalid-state`);
  });

  it('answers an unknown provider with a clear 404', async () => {
    const response = await get(harness.app, '/auth/service/facebook/login');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({ code: 'PROVIDER_NOT_CONFIGURED', errors: ['Sign-in with facebook is not available'] });
    expect((await get(harness.app, '/auth/service/../../etc/login')).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('sign-in with Google and Microsoft: one OpenID code, two configurations', () => {
  const publicUrl = 'http://127.0.0.1:4998';
  let google: OidcPeer;
  let microsoft: OidcPeer;
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    google = await startOidcPeer(`${publicUrl}/api/v1/auth/service/google/callback`);
    microsoft = await startOidcPeer(`${publicUrl}/api/v1/auth/service/microsoft/callback`);
    harness = await startTestApp(undefined, {
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
      MICROSOFT_CLIENT_ID: microsoft.clientId,
      MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
      MICROSOFT_ISSUER: microsoft.issuer,
    });
  });
  afterAll(async () => {
    await harness.stop();
    await google.close();
    await microsoft.close();
  });

  it('lists both and sends each sign-in to its own provider, with its own callback', async () => {
    expect((await get(harness.app, '/auth/providers')).json()).toEqual({ data: { providers: ['google', 'microsoft'] } });
    const url = new URL(((await get(harness.app, '/auth/service/microsoft/login')).json() as { data: { url: string } }).data.url);
    expect(url.origin).toBe(microsoft.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/v1/auth/service/microsoft/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    // A state issued for Microsoft is not accepted on Google's callback.
    const state = url.searchParams.get('state')!;
    const crossed = await harness.app.inject({ method: 'GET', url: `/api/v1/auth/service/google/callback?state=${state}&code=whatever` });
    expect(crossed.headers.location).toBe(`${publicUrl}/auth/callback#error=invalid-state`);
  });
});

describe('sign-in without a configured provider', () => {
  it('offers none and answers the login call with a 404', async () => {
    const harness = await startTestApp(undefined);
    try {
      expect((await get(harness.app, '/auth/providers')).json()).toEqual({ data: { providers: [] } });
      const response = await get(harness.app, '/auth/service/google/login');
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('PROVIDER_NOT_CONFIGURED');
    } finally {
      await harness.stop();
    }
  });
});
