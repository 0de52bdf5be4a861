import { describe, expect, it } from 'vitest';
import { verifiedAccount } from './support/accounts';
import { VIEWPORTS, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

const SPANISH_TITLE = 'Hola de nuevo';
const ENGLISH_TITLE = 'Welcome back';

/** The addresses a page names in its script tags and preload links. */
function announced(html: string): Set<string> {
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"[^>]*>/g)) {
    const tag = match[0];
    if (tag.startsWith('<script') || /rel="(?:modulepreload|preload)"/.test(tag)) found.add(match[1] as string);
  }
  return found;
}

describe.skipIf(skipBrowserTests)('the first screen in Chromium', () => {
  const product = useProductInBrowser();

  it("names every file the login screen needs in the page itself, in the browser's language, each fetched once", async () => {
    const context = await product.browser().newContext({ viewport: VIEWPORTS.mobile, locale: 'es-ES' });
    const page = await context.newPage();
    const requested: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    const document = await page.goto(`${product.server().url}/auth`);
    const html = (await document?.text()) ?? '';
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(SPANISH_TITLE);
    // A little longer than Chromium takes to report a preload nobody used.
    await page.waitForTimeout(3500);

    expect(html).toContain('<html lang="es">');
    const inPage = announced(html);
    const scripts = requested.filter((path) => path.startsWith('/assets/') && path.endsWith('.js'));
    // The entry, the account screens' own file and what they share with the other screens: on a
    // slow line each further file waits its turn for one of the browser's six connections.
    expect(scripts).toHaveLength(3);
    // Nothing the screen runs is discovered late, after the main bundle has run.
    expect(scripts.filter((path) => !inPage.has(path))).toEqual([]);
    expect(inPage).toContain('/locales/es/translation.json');
    // The preloaded texts are the ones the app reads: one download, none in English.
    expect(requested.filter((path) => path === '/locales/es/translation.json')).toHaveLength(1);
    expect(requested.filter((path) => path.startsWith('/locales/en/'))).toEqual([]);
    expect(new Set(scripts).size).toBe(scripts.length);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    // Each one asks V8 to compile it while it downloads, on the first line where V8 reads the hint.
    for (const path of scripts) {
      const body = await (await fetch(`${product.server().url}${path}`)).text();
      expect(body.split('\n', 1)[0], path).toBe('//# allFunctionsCalledOnLoad');
    }
    await context.close();
  });

  it('leaves the account forms and the compile hint out of what a signed-in user loads', async () => {
    const baseUrl = product.server().url;
    const loginScripts = [...announced(await (await fetch(`${baseUrl}/auth`)).text())].filter((path) => path.endsWith('.js'));
    const accountForms = loginScripts.filter((path) => /\/first-screen-(?!shared-)/.test(path));
    expect(accountForms).toHaveLength(1);

    const account = await verifiedAccount(baseUrl, 'first-screen');
    const context = await product.browser().newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript((tokens) => {
      localStorage.setItem('access_token', tokens.access_token);
      localStorage.setItem('refresh_token', tokens.refresh_token);
    }, account);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl}/`);
    await page
      .getByTestId('home-greeting')
      .filter({ hasText: account.email.split('@')[0]! })
      .waitFor();

    const homeScripts = requested.filter((path) => path.startsWith('/assets/') && path.endsWith('.js'));
    expect(homeScripts.filter((path) => accountForms.includes(path))).toEqual([]);
    // The screens past the login compile as before, each function when it is first called.
    const homeOnly = homeScripts.filter((path) => !loginScripts.includes(path));
    expect(homeOnly.length).toBeGreaterThan(0);
    for (const path of homeOnly) {
      const body = await (await fetch(`${baseUrl}${path}`)).text();
      expect(body.startsWith('//# allFunctionsCalledOnLoad'), path).toBe(false);
    }

    // The app says it holds a session; on the next page the server announces the screen's code (and only then).
    expect((await context.cookies()).find((cookie) => cookie.name === 'signed_in')?.value).toBe('1');
    const sparkPath = `/spark/${crypto.randomUUID()}`;
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
    const withHint = preloads(await (await page.request.get(`${baseUrl}${sparkPath}`)).text());
    expect(withHint.length).toBeGreaterThan(0);
    expect(withHint.filter((path) => accountForms.includes(path))).toEqual([]);
    expect(preloads(await (await fetch(`${baseUrl}${sparkPath}`)).text())).toEqual([]);
    await page.evaluate(() => {
      localStorage.clear();
    });
    await context.close();
  });

  it('forgets the signed-in hint when the session ends', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'hint');
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'signed_in')).toBe(true);
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('group', { name: 'Choose an answer' }).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth/);
    await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'signed_in')).toBe(false);
    await page.close();
  });

  it('keeps a language chosen in the app for the next page the server sends', async () => {
    const context = await product.browser().newContext({ viewport: VIEWPORTS.desktop, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(`${product.server().url}/auth`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(SPANISH_TITLE);
    await page.getByRole('button', { name: /idioma/i }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ENGLISH_TITLE);

    const cookie = (await context.cookies()).find((item) => item.name === 'i18next');
    expect(cookie?.value).toBe('en');
    expect(cookie?.path).toBe('/');
    // Kept for about a year, not only for the browsing session.
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const document = await page.reload();
    expect(await document?.text()).toContain('<html lang="en">');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ENGLISH_TITLE);
    expect(requested.filter((path) => path.startsWith('/locales/'))).toEqual(['/locales/en/translation.json']);
    await context.close();
  });
});
