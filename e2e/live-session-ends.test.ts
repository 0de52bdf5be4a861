import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

describe.skipIf(skipBrowserTests)('Live: the view ends with the session it was opened in', () => {
  const product = useProductInBrowser();

  it('goes to the login screen when its session is ended elsewhere, and keeps nothing of the session', async () => {
    const base = product.server().url;
    const { page } = await signedInPage(base, product.browser(), VIEWPORTS.desktop, 'live-session');
    const sparkId = await newSparkByApi(page, base);
    const listening = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/sparks/${sparkId}/live/events`);
    await page.goto(`${base}/spark/${sparkId}/live`);
    expect((await listening).status()).toBe(200);
    await page.getByText('No visitor has written in the last 30 minutes').waitFor();

    // The owner logs this session out from another window (the same as a password reset elsewhere).
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const logout = await fetch(`${base}/api/v1/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(200);

    // The open stream ends at once, and the screen behaves as after an expired session: to the login screen, signed out.
    await page.waitForURL(`${base}/auth`, { timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await saveScreenshot(page, 'live-session-ended-desktop');
    await page.close();
  });
});
