import type { Browser, Page } from 'playwright-core';
import { verifiedAccount, type SignedIn } from './accounts';

/** A new page already signed in as a fresh account, resting on the home screen. */
export async function signedInPage(
  baseUrl: string,
  browser: Browser,
  viewport: { width: number; height: number },
  label = 'user',
  /** bypassCSP lets axe-core (an inline script) run on the page. */
  options: { bypassCSP?: boolean } = {},
): Promise<{ page: Page; account: SignedIn }> {
  const account = await verifiedAccount(baseUrl, label);
  const page = await browser.newPage({ viewport, ...options });
  await page.goto(`${baseUrl}/auth`);
  await page.evaluate((tokens) => {
    localStorage.setItem('access_token', tokens.access_token);
    localStorage.setItem('refresh_token', tokens.refresh_token);
  }, account);
  await page.goto(`${baseUrl}/`);
  await page
    .getByTestId('home-greeting')
    .filter({ hasText: account.email.split('@')[0]! })
    .waitFor();
  return { page, account };
}
