import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWebsite, type TestWebsite } from '../apps/server/test/test-website';
import { freePort } from '../test/support/free-port';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi, openFirstTestChat, send } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

/** The owner switches the product to Spanish from the phone's menu. */
async function speakSpanish(page: Page) {
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('button', { name: /change language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await page.keyboard.press('Escape');
}

describe.skipIf(skipBrowserTests)('websites: an owner adds her site, watches its pages arrive and follows the cited link', () => {
  // The bakery's site is served on this machine: the product may read loopback only through this test setting.
  const product = useProductInBrowser({ CRAWL_ALLOW_LOOPBACK: 'true' });
  let site: TestWebsite;
  beforeAll(async () => {
    site = await startTestWebsite();
  });
  afterAll(() => site?.close());

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`adds a website, leaves out paths, reads the pages found and answers with a link to the page (${name})`, async () => {
      const { page } = await signedInPage(product.server().url, product.browser(), viewport, `websites-${name}`);
      const sparkId = await newSparkByApi(page, product.server().url);
      await page.goto(`${product.server().url}/spark/${sparkId}?panel=documents`);
      const panel = page.getByTestId('documents-panel');
      const section = panel.getByTestId('websites-section');
      await section.getByText('Add your website and I will read its pages.').waitFor();

      await section.getByRole('button', { name: 'Add a website' }).click();
      const dialog = page.getByRole('dialog', { name: 'Learn from a website' });
      // A wrong address is refused in place, with nothing sent.
      await dialog.getByLabel('Website address').fill('not an address');
      await dialog.getByRole('button', { name: 'Find pages' }).click();
      await dialog.getByText('Type a web address, for example www.example.com.').waitFor();
      // Typed as people type it, without "http://": the site does not speak https, so it is read over http.
      await dialog.getByLabel('Website address').fill(`${new URL(site.base).host}/`);
      await dialog.getByLabel('Leave out these paths (optional, one per line)').fill('/slow\n/huge\n/es/*');
      await saveScreenshot(page, `websites-add-${name}`);
      await dialog.getByRole('button', { name: 'Find pages' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const card = section.getByTestId('website-card');
      await card.getByText(/pages found \(your plan reads up to 25\)/).waitFor({ timeout: 30_000 });
      const pages = card.getByRole('list', { name: 'Pages found' });
      expect(await pages.getByText('Horarios').count()).toBe(0);
      // The owner leaves the product list out too.
      await pages.getByRole('checkbox', { name: /Products/ }).uncheck();
      await card.getByText(/addresses left out/).click();
      await card.getByText('the site asks crawlers not to read it').waitFor();
      await saveScreenshot(page, `websites-found-${name}`);
      const chosen = (await pages.getByRole('checkbox').count()) - 1;
      await card.getByTestId('website-read').click();
      // The card counts the pages once the documents they became are read; they are not rows of the documents list.
      await card.getByText(`${chosen} pages answer questions.`).waitFor({ timeout: 30_000 });
      expect(await panel.getByTestId('document-row').count()).toBe(0);
      await panel.getByText('No files yet: your Spark learns from the websites below.', { exact: false }).waitFor();
      // The website is one of the plan's documents: the panel and the header's badge both count it (decision 0028).
      await panel.getByText('1 document (1 website)').waitFor();
      await expect.poll(() => page.getByTestId('documents-button').innerText()).toMatch(/(^|\D)1$/);
      expect(await panel.getByText('No documents yet').count()).toBe(0);
      await saveScreenshot(page, `websites-ready-${name}`);

      // The paths can be changed in the card: checked before they are sent, kept for the next reading.
      await card.getByRole('button', { name: 'Edit paths' }).click();
      const editor = card.getByTestId('website-paths-editor');
      expect(await editor.getByLabel('Leave out these paths (optional, one per line)').inputValue()).toBe('/slow\n/huge\n/es/*');
      await editor.getByLabel('Only read these paths (optional, one per line)').fill('/about /hours');
      await editor.getByRole('button', { name: 'Save paths' }).click();
      await editor.getByText('Line 1 has a space: write one path per line.').waitFor();
      await saveScreenshot(page, `websites-paths-editor-${name}`);
      await editor.getByLabel('Only read these paths (optional, one per line)').fill('/about\n/hours');
      await editor.getByRole('button', { name: 'Save paths' }).click();
      await card.getByText('Paths saved. They apply the next time the site is read.').waitFor();
      await card.getByTestId('website-paths').getByText('/about, /hours').waitFor();
      // The editor's buttons are gone: focus is back on the button that opened it.
      expect(await card.getByRole('button', { name: 'Edit paths' }).evaluate((element) => element === document.activeElement)).toBe(true);

      // A test chat answers from the page and cites it; the source opens the page.
      await openFirstTestChat(page, product.server().url, sparkId);
      await send(page, 'What time do you open on Sunday?');
      const answer = page.getByTestId('message-ai').filter({ hasText: '8:30 on Sunday' }).last();
      await answer.waitFor({ timeout: 30_000 });
      const chip = answer.getByRole('button', { name: /^Source \d+$/ }).first();
      await chip.click();
      const preview = page.getByTestId('citation-dialog');
      await preview.getByText('About us').first().waitFor();
      const link = preview.getByTestId('citation-page-link');
      expect(await link.getAttribute('href')).toBe(`${site.base}/about`);
      expect(await link.getAttribute('target')).toBe('_blank');
      await saveScreenshot(page, `websites-citation-${name}`);
      await page.close();
    });
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`adds a website from the chat's attach menu, by keyboard, reading only the paths it names (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, `websites-attach-${name}`);
      const sparkId = await newSparkByApi(page, baseUrl);
      await page.goto(`${baseUrl}/spark/${sparkId}`);
      const focused = (locator: ReturnType<Page['getByTestId']>) => locator.evaluate((element) => element === document.activeElement);

      // The menu's last entry, reached by keyboard like the others; Escape gives focus back to the paperclip.
      const attach = page.getByTestId('attach-button');
      await attach.focus();
      await page.keyboard.press('Enter');
      const entry = page.getByRole('menu').getByRole('menuitem', { name: /^Website/ });
      await entry.getByText('Its pages, read and kept up to date').waitFor();
      await page.keyboard.press('End');
      await expect.poll(() => focused(entry)).toBe(true);
      await saveScreenshot(page, `websites-attach-menu-${name}`);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Learn from a website' });
      await expect.poll(() => focused(dialog.getByLabel('Website address'))).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => focused(attach)).toBe(true);

      await attach.click();
      await entry.click();
      await dialog.getByLabel('Website address').fill(`${site.base}/`);
      // A whole address where a path belongs is refused in place, naming its line.
      const include = dialog.getByLabel('Only read these paths (optional, one per line)');
      await include.fill(`/hours\n${site.base}/about`);
      await dialog.getByRole('button', { name: 'Find pages' }).click();
      await dialog.getByText('Line 2 is a whole address: write only its path, for example /blog/.').waitFor();
      await saveScreenshot(page, `websites-attach-dialog-refused-${name}`);
      await include.fill('/about');
      await saveScreenshot(page, `websites-attach-dialog-${name}`);
      await dialog.getByRole('button', { name: 'Find pages' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The documents panel opens on the site's card; only the page under the path is found.
      const card = page.getByTestId('documents-panel').getByTestId('website-card');
      await card.getByText(/1 page found \(your plan reads up to 25\)/).waitFor({ timeout: 30_000 });
      const pages = card.getByRole('list', { name: 'Pages found' });
      await pages.getByText('About us').waitFor();
      expect(await pages.getByRole('checkbox').count()).toBe(1);
      await card.getByTestId('website-paths').getByText('/about').waitFor();
      await saveScreenshot(page, `websites-attach-found-${name}`);

      // The plans say how many websites each reads, and how many pages.
      await page.goto(`${baseUrl}/spark/${sparkId}?showPlans=true`);
      const plans = page.getByRole('dialog', { name: 'Choose your plan' });
      await plans.getByTestId('plan-ruby').getByText('Up to 2 websites to learn from, 100 pages each').waitFor();
      await plans.getByTestId('plan-emerald').getByText('Up to 5 websites to learn from, 250 pages each').waitFor();
      await saveScreenshot(page, `websites-plans-${name}`);
      await page.close();
    });
  }

  it('speaks Spanish on a phone: the section, the dialog and the pages found', async () => {
    const { page } = await signedInPage(product.server().url, product.browser(), VIEWPORTS.mobile, 'websites-es');
    const sparkId = await newSparkByApi(page, product.server().url);
    await page.goto(`${product.server().url}/spark/${sparkId}`);
    await speakSpanish(page);
    await page.goto(`${product.server().url}/spark/${sparkId}?panel=documents`);
    const section = page.getByTestId('websites-section');
    await section.getByRole('heading', { name: 'Sitios web' }).waitFor();
    await section.getByRole('button', { name: 'Añadir un sitio web' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprender de un sitio web' });
    await dialog.getByLabel('Dirección del sitio web').fill(`${site.base}/`);
    await dialog.getByLabel('Deja fuera estas rutas (opcional, una por línea)').fill('/slow\n/huge');
    const include = dialog.getByLabel('Lee solo estas rutas (opcional, una por línea)');
    await include.fill('/about /hours');
    await dialog.getByRole('button', { name: 'Buscar páginas' }).click();
    await dialog.getByText('La línea 1 tiene un espacio: escribe una ruta por línea.').waitFor();
    await include.fill('');
    await saveScreenshot(page, 'websites-add-es-mobile');
    await dialog.getByRole('button', { name: 'Buscar páginas' }).click();
    await section.getByText(/páginas encontradas \(tu plan lee hasta 25\)/).waitFor({ timeout: 30_000 });
    await section.getByRole('button', { name: /Leer \d+ páginas/ }).waitFor();
    await saveScreenshot(page, 'websites-found-es-mobile');
    await page.close();
  });

  it('says in plain words, in the owner’s language, that a site typed without its scheme did not answer', async () => {
    const { page } = await signedInPage(product.server().url, product.browser(), VIEWPORTS.mobile, 'websites-unreachable-es');
    const sparkId = await newSparkByApi(page, product.server().url);
    await page.goto(`${product.server().url}/spark/${sparkId}`);
    await speakSpanish(page);
    await page.goto(`${product.server().url}/spark/${sparkId}?panel=documents`);
    const section = page.getByTestId('websites-section');
    await section.getByRole('button', { name: 'Añadir un sitio web' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprender de un sitio web' });
    // Nothing listens at this port, over https or http.
    const nobody = await freePort();
    await dialog.getByLabel('Dirección del sitio web').fill(`127.0.0.1:${nobody}`);
    await dialog.getByRole('button', { name: 'Buscar páginas' }).click();
    const alert = section.getByTestId('website-card').getByRole('alert');
    await alert.getByText(`127.0.0.1:${nobody} no ha respondido ni por https ni por http.`, { exact: false }).waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).not.toMatch(/EPROTO|ECONNREFUSED|did not answer/);
    await saveScreenshot(page, 'websites-unreachable-es-mobile');
    await page.close();
  });
});
