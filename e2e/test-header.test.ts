import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

/** Whether two boxes on the screen share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return false;
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
}

describe.skipIf(skipBrowserTests)('the test chat header in Spanish', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const mobile = name === 'mobile';
    it(`shows the Spark's whole name and every action inside the screen, and leaves the conversation most of it (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page, account } = await signedInPage(baseUrl, product.browser(), viewport, `header-${name}`);
      const headers = { authorization: `Bearer ${account.access_token}`, 'content-type': 'application/json' };
      const spark = (
        (await (await fetch(`${baseUrl}/api/v1/sparks`, { method: 'POST', headers: { authorization: headers.authorization } })).json()) as {
          data: { _id: string };
        }
      ).data;
      await fetch(`${baseUrl}/api/v1/sparks/${spark._id}`, { method: 'PATCH', headers, body: JSON.stringify({ name: 'Devoluciones' }) });
      const test = (
        (await (
          await fetch(`${baseUrl}/api/v1/sparks/${spark._id}/tests`, { method: 'POST', headers, body: JSON.stringify({ name: 'Prueba 2' }) })
        ).json()) as { data: { _id: string } }
      ).data;
      await page.goto(`${baseUrl}/spark/${spark._id}/test/${test._id}?lng=es`);
      const header = page.getByTestId('chat-header');
      const title = header.getByRole('heading', { level: 1 });
      await expect.poll(() => title.textContent()).toBe('Probando Devoluciones');
      await page.getByTestId('message-ai').first().waitFor();
      // Not cut: the heading is as wide as its text needs.
      expect(await title.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      for (const button of await header.getByRole('button').filter({ visible: true }).all()) {
        const box = (await button.boundingBox())!;
        expect(box.x, await button.innerText()).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(viewport.width);
      }
      const objectives = header.getByRole('button', { name: /^Objetivos/ });
      const ring = await objectives.locator('svg').first().boundingBox();
      const button = await objectives.boundingBox();
      expect(ring!.x).toBeGreaterThanOrEqual(button!.x);
      expect(ring!.x + ring!.width).toBeLessThanOrEqual(button!.x + button!.width);

      // The conversation keeps most of the screen; nothing floats over the message box.
      const conversation = await page.getByTestId('chat-scroller').boundingBox();
      expect(conversation!.height / viewport.height).toBeGreaterThanOrEqual(0.6);
      const composer = page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Mensaje' }) });
      const floating = page.getByRole('link', { name: 'Nuevo Spark' }).and(page.locator('[data-tutorial="new-spark"]'));
      if (await floating.isVisible()) expect(await overlap(floating, composer)).toBe(false);
      await saveScreenshot(page, `test-header-${name}`);

      if (mobile) {
        // One row: the title, the ring and the menu of the other actions.
        expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
        expect(await floating.count()).toBe(0);
        expect(await page.locator('footer').count()).toBe(0);
        // The menu works from the keyboard: it opens, the arrows move, Enter chooses.
        const menu = header.getByRole('button', { name: 'Más acciones de la prueba' });
        await menu.focus();
        await page.keyboard.press('Enter');
        const items = page.getByRole('menu').getByRole('menuitem');
        expect(await items.allInnerTexts()).toEqual(['Reiniciar prueba', 'Terminar la prueba', 'Guardar como caso de prueba', 'Pruebas guardadas']);
        await saveScreenshot(page, 'test-header-menu-mobile');
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Reiniciar prueba');
        await page.keyboard.press('ArrowDown');
        // Enter goes to the item the arrow moved to only once focus has followed it; before, it restarts the test.
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Terminar la prueba');
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: '¿La prueba ha sido satisfactoria?' });
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      } else {
        for (const label of ['Reiniciar prueba', 'Terminar la prueba', 'Guardar como caso de prueba', 'Pruebas guardadas'])
          await header.getByRole('button', { name: label }).waitFor();
        expect(await header.getByRole('button', { name: 'Más acciones de la prueba' }).isVisible()).toBe(false);
      }
      await page.close();
    });
  }
});
