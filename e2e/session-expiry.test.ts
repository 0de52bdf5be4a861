import { describe, expect, it } from 'vitest';
import { VIEWPORTS, skipBrowserTests } from './support/browser';
import { verifiedAccount } from './support/accounts';
import { useProductInBrowser } from './support/product';

describe.skipIf(skipBrowserTests)('an access token that really expires', () => {
  const product = useProductInBrowser({ ACCESS_TOKEN_TTL_SECONDS: '5' });

  it('is replaced through the refresh token in the middle of a session without the user noticing', async () => {
    const base = product.server().url;
    const tokens = await verifiedAccount(base, 'expiry');
    const email = tokens.email;

    const page = await product.browser().newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${base}/auth`);
    await page.evaluate((stored) => {
      localStorage.setItem('access_token', stored.access_token);
      localStorage.setItem('refresh_token', stored.refresh_token);
    }, tokens);
    await page.goto(`${base}/`);
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toBe(`Hi, ${email}!`);

    await page.waitForTimeout(6_000);
    const expired = await fetch(`${base}/api/v1/account/profile`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(expired.status).toBe(403);

    await page.reload();
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toBe(`Hi, ${email}!`);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBe(tokens.access_token);
    expect(page.url()).toBe(`${base}/`);
    await page.close();
  });
});
