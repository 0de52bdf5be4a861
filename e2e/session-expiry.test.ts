import { describe, expect, it } from 'vitest';
import { VIEWPORTS, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { verifiedAccount } from './support/accounts';
import { signedInPage } from './support/signed-in-page';

describe.skipIf(skipBrowserTests)('an access token that really expires', () => {
  const product = useProductInBrowser({ ACCESS_TOKEN_TTL_SECONDS: '5' });

  it('is replaced through the refresh token in the middle of a session without the user noticing', async () => {
    const base = product.server().url;
    const { page, account: tokens } = await signedInPage(base, product.browser(), VIEWPORTS.desktop, 'expiry');
    const email = tokens.email;
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toBe(`Hi, ${email.split('@')[0]}!`);

    await page.waitForTimeout(6_000);
    const expired = await fetch(`${base}/api/v1/account/profile`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(expired.status).toBe(403);

    await page.reload();
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toBe(`Hi, ${email.split('@')[0]}!`);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBe(tokens.access_token);
    expect(page.url()).toBe(`${base}/`);
    await page.close();
  });

  it('stays signed in when two tabs meet the expired token at the same moment', async () => {
    const base = product.server().url;
    const account = await verifiedAccount(base, 'two-tabs');
    const context = await product.browser().newContext({ viewport: VIEWPORTS.desktop });
    const first = await context.newPage();
    await first.goto(`${base}/auth`);
    await first.evaluate((tokens) => {
      localStorage.setItem('access_token', tokens.access_token);
      localStorage.setItem('refresh_token', tokens.refresh_token);
    }, account);
    const second = await context.newPage();
    for (const tab of [first, second]) {
      await tab.goto(`${base}/`);
      await tab
        .getByTestId('home-greeting')
        .filter({ hasText: account.email.split('@')[0]! })
        .waitFor();
    }

    await first.waitForTimeout(6_000);
    // Both tabs start with the expired token and the same refresh token: only one may spend it.
    const refreshes: string[] = [];
    for (const tab of [first, second])
      tab.on('request', (request) =>
        new URL(request.url()).pathname === '/api/v1/auth/refresh-token' ? refreshes.push(tab === first ? 'first' : 'second') : undefined,
      );
    await Promise.all([first.reload(), second.reload()]);
    // Where each tab ends up: home with its greeting, not the login screen of an ended session.
    const landing = async (tab: typeof first) => {
      const greeting = tab.getByTestId('home-greeting');
      return { path: new URL(tab.url()).pathname, greeting: (await greeting.count()) > 0 ? await greeting.textContent() : null };
    };
    for (const tab of [first, second]) {
      await expect.poll(() => landing(tab), { timeout: 15_000 }).toEqual({ path: '/', greeting: `Hi, ${account.email.split('@')[0]}!` });
    }
    // The tabs take turns (a Web Lock) and the second usually adopts the first one's tokens; when the
    // first one's write has not reached it yet it refreshes too, within the server's reuse interval.
    expect(refreshes.filter((tab) => tab === 'first').length).toBeLessThanOrEqual(1);
    expect(refreshes.filter((tab) => tab === 'second').length).toBeLessThanOrEqual(1);
    // The session is still alive on the server: the stored token opens the profile.
    const stored = await second.evaluate(() => localStorage.getItem('access_token'));
    expect(stored).not.toBe(account.access_token);
    const profile = await fetch(`${base}/api/v1/account/profile`, { headers: { authorization: `Bearer ${stored}` } });
    expect(profile.status).toBe(200);
    await context.close();
  });
});
