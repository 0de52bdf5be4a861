import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/support/free-port';
import { startOidcPeer, type OidcPeer } from '../test/support/oidc-peer';
import { VIEWPORTS, launchBrowser, skipBrowserTests } from './support/browser';
import { startServer, type RunningServer } from './support/start-server';
import { verifiedAccount } from './support/accounts';

describe.skipIf(skipBrowserTests)('sign-in with Google and Microsoft through OpenID Connect', () => {
  let peer: OidcPeer;
  let microsoft: OidcPeer;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    peer = await startOidcPeer(`http://127.0.0.1:${port}/api/v1/auth/service/google/callback`);
    microsoft = await startOidcPeer(`http://127.0.0.1:${port}/api/v1/auth/service/microsoft/callback`);
    server = await startServer({
      port,
      env: {
        GOOGLE_CLIENT_ID: peer.clientId,
        GOOGLE_CLIENT_SECRET: peer.clientSecret,
        GOOGLE_ISSUER: peer.issuer,
        MICROSOFT_CLIENT_ID: microsoft.clientId,
        MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
        MICROSOFT_ISSUER: microsoft.issuer,
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await peer?.close();
    await microsoft?.close();
  });

  /** The provider's own development screens: any login name and password, then consent. */
  async function signInAtProvider(page: Page, login: string, provider: 'Google' | 'Microsoft' = 'Google'): Promise<void> {
    await page.getByRole('button', { name: `Continue with ${provider}` }).click();
    await page.waitForURL(`${(provider === 'Google' ? peer : microsoft).issuer}/**`);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
  }

  it('creates the account on first sign-in and lands home', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const email = `social.${Date.now()}@example.com`;
    await page.goto(`${server.url}/auth`);
    await signInAtProvider(page, email);
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toBe(`Hi, ${email.split('@')[0]}!`);
    expect(page.url()).not.toContain('token=');
    await page.close();
  });

  it('signs in with Microsoft through the same code', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const email = `entra.${Date.now()}@example.com`;
    await page.goto(`${server.url}/auth`);
    await signInAtProvider(page, email, 'Microsoft');
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toBe(`Hi, ${email.split('@')[0]}!`);
    await page.close();
  });

  it('never takes over an existing password account with the same e-mail', async () => {
    // A verified one: a registration nobody verified gives way to the provider's proof of the address.
    const { email } = await verifiedAccount(server.url, 'taken');
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    await page.goto(`${server.url}/auth`);
    await signInAtProvider(page, email);
    await page.waitForURL(`${server.url}/auth/callback`);
    await page.getByText('An account with this e-mail already exists').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await page.close();
  });
});
