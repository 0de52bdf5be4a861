import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

/**
 * Words an English sentence can hardly do without and a Spanish one never uses. Addresses, the
 * product's names and the code to paste are taken out first: they are the same in every language.
 */
const ENGLISH_WORDS =
  /\b(the|your|you|and|with|what|which|here|this|is|are|of|to|it|for|now|please|choose|see|back|trial|free|month|per|paste|code|plan|documents|interactions|integrations|phone|language|name)\b/gi;

/** The words of a screen's main area that read as English. */
async function englishOn(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  const cleaned = text
    .replace(/<script[^>]*><\/script>/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  return [...new Set([...cleaned.matchAll(ENGLISH_WORDS)].map((match) => match[0]))].filter((word) => !['Plan', 'plan'].includes(word));
}

/** The assistant has said its first things and every card has drawn what it shows. */
async function settled(page: Page): Promise<void> {
  await page.getByTestId('message-ai').first().waitFor({ timeout: 30_000 });
  await expect
    .poll(
      () =>
        page
          .locator('main [role="status"]')
          .filter({ hasText: /Cargando|Loading/ })
          .count(),
      { timeout: 15_000 },
    )
    .toBe(0);
}

describe.skipIf(skipBrowserTests)('the product in Spanish', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`says nothing in English on billing, settings, profile and deploy once Spanish is chosen (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, `es-${name}`);
      const sparkId = await newSparkByApi(page, baseUrl);
      await page.goto(`${baseUrl}/settings`);
      await page.getByRole('group', { name: 'Choose an answer' }).getByRole('button', { name: 'Change language' }).click();
      await page.getByRole('button', { name: 'Español' }).click();
      await page.getByTestId('live-profile-card').last().getByText('Idioma preferido').waitFor();

      const found: Record<string, string[]> = {};
      for (const path of ['/billing', '/settings', '/profile']) {
        await page.goto(`${baseUrl}${path}`);
        await settled(page);
        found[path] = await englishOn(page);
        // A long address wraps inside the card instead of running past its edge.
        for (const card of await page.getByTestId('live-profile-card').all())
          expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        await saveScreenshot(page, `spanish${path.replace('/', '-')}-${name}`);
      }
      await page.goto(`${baseUrl}/deploy`);
      await settled(page);
      await page.getByText('¿Qué Spark quieres poner en tu web?').waitFor();
      await page.getByRole('group', { name: 'Elige una respuesta' }).getByRole('button').first().click();
      const card = page.getByTestId('live-embed-card');
      await card.getByText('Código para tu web').waitFor();
      await settled(page);
      found['/deploy'] = await englishOn(page);
      await saveScreenshot(page, `spanish-deploy-${name}`);
      expect(found).toEqual({ '/billing': [], '/settings': [], '/profile': [], '/deploy': [] });

      // The code card shows the deployment as it is now: a new token replaces the code on screen.
      const before = await card.locator('code, pre').first().innerText();
      expect(before).toMatch(/data-spark="[\w-]+"/);
      await page.goto(`${baseUrl}/spark/${sparkId}?panel=deploy`);
      const panel = page.getByTestId('deploy-panel');
      await panel.getByRole('button', { name: 'Cambiar el token de publicación' }).click();
      await panel.getByRole('button', { name: 'Cambiarlo' }).click();
      await panel.getByText('Hecho: pega el nuevo código en tus webs.').waitFor();
      await page.goto(`${baseUrl}/deploy`);
      const after = page.getByTestId('live-embed-card').last().locator('code, pre').first();
      await expect.poll(() => after.innerText(), { timeout: 15_000 }).not.toBe(before);
      expect(await after.innerText()).toMatch(/data-spark="[\w-]+"/);
      await page.close();
    });
  }
});
