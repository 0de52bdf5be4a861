import { describe, expect, it } from 'vitest';
import { VIEWPORTS, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

describe.skipIf(skipBrowserTests)('an access token that really expires', () => {
  const product = useProductInBrowser({ ACCESS_TOKEN_TTL_SECONDS: '5' });

  it('is replaced through the refresh token in the middle of a session without the user noticing', async () => {
    const base = product.server().url;
    const { page, account: tokens } = await signedInPage(base, product.browser(), VIEWPORTS.desktop, 'expiry');
    const email = tokens.email;
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
