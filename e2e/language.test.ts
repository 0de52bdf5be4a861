import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';

const ENGLISH_TITLE = 'Welcome back';
const SPANISH_TITLE = 'Hola de nuevo';

describe.skipIf(skipBrowserTests)('the web app in Chromium', () => {
  const product = useProductInBrowser();
  const problems: string[] = [];

  async function open(path: string, options: { viewport: { width: number; height: number }; locale?: string }): Promise<Page> {
    const context = await product.browser().newContext({ viewport: options.viewport, locale: options.locale ?? 'en-US' });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.goto(`${product.server().url}${path}`);
    return page;
  }

  it('loads in English, switches to Spanish from the menu and remembers the choice', async () => {
    const page = await open('/auth', { viewport: VIEWPORTS.desktop });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ENGLISH_TITLE);
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe('Version 1.0.11');

    await page.getByRole('button', { name: /change language/ }).click();
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(SPANISH_TITLE);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe('Versión 1.0.11');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(SPANISH_TITLE);
    await saveScreenshot(page, 'home-es-desktop');
    await page.context().close();
  });

  it('follows a Spanish browser on a phone and the ?lng query over it', async () => {
    const page = await open('/auth', { viewport: VIEWPORTS.mobile, locale: 'es-ES' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(SPANISH_TITLE);
    await saveScreenshot(page, 'home-es-mobile');
    await page.goto(`${product.server().url}/auth?lng=en`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ENGLISH_TITLE);
    await page.context().close();
  });

  it('shows a translated not-found page for an unknown address', async () => {
    const page = await open('/does/not/exist?lng=es', { viewport: VIEWPORTS.desktop });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Página no encontrada');
    await page.getByRole('link', { name: 'Ir a la página de inicio' }).click();
    // Home is for signed-in users: a visitor lands on the login screen instead.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(SPANISH_TITLE);
    await page.context().close();
  });

  it('ran without page errors or console errors', () => {
    expect(problems).toEqual([]);
  });
});
