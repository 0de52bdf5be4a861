import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

describe.skipIf(skipBrowserTests)('the test chat header in Spanish', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows the Spark's whole name and every button inside the screen, the objectives ring whole (${name})`, async () => {
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
      // Not cut: the heading is as wide as its text needs.
      expect(await title.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      for (const button of await header.getByRole('button').filter({ visible: true }).all()) {
        const box = (await button.boundingBox())!;
        expect(box.x, await button.innerText()).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(viewport.width);
      }
      const ring = await header
        .getByRole('button', { name: /^Objetivos/ })
        .locator('svg')
        .first()
        .boundingBox();
      const objectives = await header.getByRole('button', { name: /^Objetivos/ }).boundingBox();
      expect(ring!.x).toBeGreaterThanOrEqual(objectives!.x);
      expect(ring!.x + ring!.width).toBeLessThanOrEqual(objectives!.x + objectives!.width);
      await saveScreenshot(page, `test-header-${name}`);
      await page.close();
    });
  }
});
