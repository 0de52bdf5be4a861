import { describe, expect, it } from 'vitest';
import { VIEWPORTS, skipBrowserTests } from './support/browser';
import { verifiedAccount } from './support/accounts';
import { useProductInBrowser } from './support/product';
import { seriousViolations } from './support/axe';
import { signedInPage } from './support/signed-in-page';

describe.skipIf(skipBrowserTests)('accessibility', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const path of ['/auth#login', '/auth#register', '/forgot-password', '/validate-code', '/reset-password?token=x']) {
      it(`has no serious axe violations on ${path} (${name})`, async () => {
        // axe is injected as an inline script, which the product's CSP rightly blocks.
        const page = await product.browser().newPage({ viewport, bypassCSP: true });
        await page.goto(`${product.server().url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      });
    }
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no serious axe violations in the main layout (${name})`, async () => {
      const account = await verifiedAccount(product.server().url, 'axe');
      const page = await product.browser().newPage({ viewport, bypassCSP: true });
      await page.goto(`${product.server().url}/auth`);
      await page.evaluate((tokens) => {
        localStorage.setItem('access_token', tokens.access_token);
        localStorage.setItem('refresh_token', tokens.refresh_token);
      }, account);
      const spark = await fetch(`${product.server().url}/api/v1/sparks`, { method: 'POST', headers: { authorization: `Bearer ${account.access_token}` } });
      const { data } = (await spark.json()) as { data: { _id: string } };
      for (const path of ['/', `/spark/${data._id}`, `/spark/${data._id}/test`, '/new-spark']) {
        await page.goto(`${product.server().url}${path}`);
        await page.getByTestId('chat-header').waitFor();
        await page.waitForTimeout(900);
        expect(await seriousViolations(page), path).toEqual([]);
        // Every screen names itself with one top-level heading, even where the visible title is an editable field
        // (counted in the DOM: an open dialog, as on a Spark without tests, hides the page from the accessibility tree).
        expect(await page.locator('h1').count(), path).toBe(1);
      }
      // A test chat with a conversation in it: tabs, bubbles, the composer and the header buttons.
      const created = await fetch(`${product.server().url}/api/v1/sparks/${data._id}/tests`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Accessibility' }),
      });
      const test = ((await created.json()) as { data: { _id: string } }).data;
      // The menu screens hold their assistant's conversation and its cards.
      for (const path of [`/spark/${data._id}/test/${test._id}`, `/spark/${data._id}`, '/new-spark', '/profile', '/deploy', '/billing', '/settings']) {
        await page.goto(`${product.server().url}${path}`);
        await page.getByTestId('message-ai').first().waitFor();
        await page.waitForTimeout(900);
        expect(await seriousViolations(page), path).toEqual([]);
        expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
      }
      await page.close();
    });
  }

  it('changes the language with the keyboard alone', async () => {
    const page = await product.browser().newPage({ viewport: VIEWPORTS.desktop, locale: 'en-US' });
    await page.goto(`${product.server().url}/auth`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const trigger = page.getByRole('button', { name: /change language/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Español' }).waitFor();
    // The menu moves focus onto an item when it opens; arrow down until Español has it, then choose it.
    const focusedText = () =>
      page.evaluate(() => (document.activeElement?.getAttribute('role') === 'menuitemradio' ? document.activeElement.textContent : null));
    await expect.poll(focusedText).not.toBeNull();
    for (let step = 0; step < 4 && !(await focusedText())?.includes('Español'); step += 1) {
      const before = await focusedText();
      await page.keyboard.press('ArrowDown');
      await expect.poll(focusedText).not.toBe(before);
    }
    expect(await focusedText()).toContain('Español');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect.poll(async () => (await page.getByRole('button', { name: /cambiar idioma/ }).count()) === 1).toBe(true);
    await page.close();
  });

  it('draws one focus indicator around the message box, and keeps the outline on other controls', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'focus');
    await page.goto(`${baseUrl}/settings`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await page.keyboard.press('Tab');
    await box.focus();
    const styles = await box.evaluate((node) => {
      const own = getComputedStyle(node);
      const frame = getComputedStyle(node.parentElement!);
      return { outline: own.outlineStyle, frameShadow: frame.boxShadow };
    });
    expect(styles.outline).toBe('none');
    expect(styles.frameShadow).not.toBe('none');
    // Elsewhere the app's focus outline still shows for keyboard users.
    const language = page.getByRole('button', { name: /change language/ });
    await language.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await page.close();
  });
});
