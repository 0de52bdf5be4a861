import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_TOKEN, startFakeShopApi } from '../test/support/fake-shop-api';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi } from './support/widget-site';

async function picture(page: Page, part: Locator, name: string): Promise<void> {
  await part.scrollIntoViewIfNeeded();
  await saveScreenshot(page, name);
}

describe.skipIf(skipBrowserTests)('Actions: the bakery gives her Spark an order lookup and tries it from the panel', () => {
  // The shop's API is on this machine: the test-only setting lets the outbound rule reach loopback.
  const env: Record<string, string> = { CRAWL_ALLOW_LOOPBACK: 'true' };
  let shop: Awaited<ReturnType<typeof startFakeShopApi>>;
  beforeAll(async () => {
    shop = await startFakeShopApi();
  });
  afterAll(() => shop?.close());
  const product = useProductInBrowser(env);

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows the empty panel, the form, an action tried with its secret masked, and the runs, in English and Spanish (${name})`, async () => {
      const base = product.server().url;
      const { page } = await signedInPage(base, product.browser(), viewport, `actions-${name}`, { bypassCSP: true });
      const sparkId = await newSparkByApi(page, base);
      await page.goto(`${base}/spark/${sparkId}?panel=actions`);
      await page.getByText('No actions yet').waitFor();
      await picture(page, page.getByText('No actions yet'), `actions-empty-${name}`);
      await page.getByRole('button', { name: 'Add an action' }).first().click();
      await page.getByRole('heading', { name: 'Add an action' }).waitFor();
      await picture(page, page.getByRole('heading', { name: 'Add an action' }), `actions-form-${name}`);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await ownerApi(page, base, `/sparks/${sparkId}/actions`, {
        method: 'POST',
        body: {
          name: 'Order status',
          purpose: 'Look up an order',
          examples: ['¿Dónde está mi pedido?'],
          inputs: [{ key: 'order', label: 'Order number', type: 'text' }],
          does: {
            kind: 'api',
            method: 'GET',
            url: `${shop.base}/api/orders/{{order}}`,
            headers: [{ name: 'Authorization', value: `Bearer ${SHOP_TOKEN}`, secret: true }],
            reply: 'Tu pedido {{order.id}} está {{order.status}} y llega {{order.eta}}',
            fallback: 'No he podido consultar tu pedido.',
          },
        },
      });
      await page.reload();
      await page.getByText('Order status', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Try it' }).click();
      await page.getByLabel('Order number').fill('1042');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByText('Tu pedido 1042 está en reparto y llega hoy antes de las 14:00').first().waitFor();
      expect(await page.content()).not.toContain(SHOP_TOKEN);
      await page.getByText('••••••').first().waitFor();
      await picture(page, page.getByText('Tu pedido 1042 está en reparto y llega hoy antes de las 14:00').first(), `actions-tried-${name}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`${base}/spark/${sparkId}?panel=actions&lng=es`);
      // The same panel in Spanish: the action, its buttons and the run just made.
      await page.getByRole('button', { name: 'Probar' }).waitFor();
      await page.getByText('Ejecuciones recientes').waitFor();
      await page.getByText('Funcionó').first().waitFor();
      await picture(page, page.getByText('Ejecuciones recientes'), `actions-es-${name}`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await page.close();
    }, 120_000);
  }
});
