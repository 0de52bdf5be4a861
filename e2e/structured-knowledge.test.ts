import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, PRICE_LIST, serveHelpSite } from '../apps/server/test/owner-sources';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi, openFirstTestChat } from './support/chat-actions';
import { chooseSpanish } from './support/choose-spanish';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi } from './support/widget-site';

/** Uploads a file as the owner's session does and waits for every document of the Spark to be read. */
async function upload(page: Page, baseUrl: string, sparkId: string, name: string, type: string, bytes: Buffer): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const form = new FormData();
  form.append('sparkId', sparkId);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${baseUrl}/api/v1/bucket`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(response.status, await response.clone().text()).toBe(201);
}

const allRead = (page: Page, baseUrl: string, sparkId: string) =>
  expect
    .poll(
      async () => (await ownerApi<Array<{ status: string }>>(page, baseUrl, `/sparks/${sparkId}/documents`)).every((document) => document.status === 'ready'),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);

/** Whether the page scrolls sideways: nothing an answer holds may push past the screen. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.skipIf(skipBrowserTests)('structured knowledge: an owner asks about her price list, catalogue and help site', () => {
  // The help site is served on this machine: the product may read loopback only through this test setting.
  const product = useProductInBrowser({ CRAWL_ALLOW_LOOPBACK: 'true' });
  let site: Awaited<ReturnType<typeof serveHelpSite>>;
  beforeAll(async () => {
    site = await serveHelpSite();
  });
  afterAll(() => site?.close());

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const mobile = name === 'mobile';
    it(`offers the row as a table, answers with the record and the menu path, and outlines every source (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, `structured-${name}`);
      const sparkId = await newSparkByApi(page, baseUrl);
      await upload(page, baseUrl, sparkId, 'precios.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', await PRICE_LIST());
      await upload(page, baseUrl, sparkId, 'catalogue.json', 'application/json', CATALOGUE);
      const website = await ownerApi<{ _id: string }>(page, baseUrl, `/sparks/${sparkId}/websites`, { method: 'POST', body: { url: `${site.base}/` } });
      await expect
        .poll(async () => (await ownerApi<{ state: string }>(page, baseUrl, `/sparks/${sparkId}/websites/${website._id}`)).state, { timeout: 30_000 })
        .toBe('discovered');
      await ownerApi(page, baseUrl, `/sparks/${sparkId}/websites/${website._id}/import`, { method: 'POST', body: { leaveOut: [] } });
      await expect
        .poll(async () => (await ownerApi<{ state: string }>(page, baseUrl, `/sparks/${sparkId}/websites/${website._id}`)).state, { timeout: 30_000 })
        .toBe('ready');
      await allRead(page, baseUrl, sparkId);
      await openFirstTestChat(page, baseUrl, sparkId);
      // On the phone the owner works in Spanish; she asks each source in its own language.
      if (mobile) await chooseSpanish(page, true);
      const answers = page.getByTestId('message-ai');
      /**
       * Asks in a test chat of its own, as an owner tries one scenario per test (a question after another is also
       * searched joined with the one before, so a change of subject in one chat can bring the earlier subject's
       * passages first), and answers the reply once it holds `text`.
       */
      const ask = async (question: string, text: string) => {
        const url = page.url();
        await page.getByRole('button', { name: mobile ? 'Añadir una prueba' : 'Add a test' }).click();
        await page.waitForURL((next) => next.toString() !== url && /\/test\/[\w-]+$/.test(next.pathname));
        await expect.poll(() => answers.count()).toBe(1);
        const box = page.getByRole('textbox', { name: mobile ? 'Mensaje' : 'Message' });
        await box.fill(question);
        await box.press('Enter');
        await expect.poll(() => answers.count(), { timeout: 30_000 }).toBe(2);
        const reply = answers.last();
        await page.getByTestId('typing-indicator').waitFor({ state: 'hidden', timeout: 30_000 });
        expect(await reply.innerText(), question).toContain(text);
        return reply;
      };

      // The help page's menu path with its names, which sat in spans whose class reads like navigation.
      await ask('Where do I change the language?', 'Settings → Preferences → Language');

      // The row the question names, drawn as a table with its headers, within the screen.
      const sunday = await ask('¿A qué hora abrís el domingo?', '8:30 – 13:00');
      const table = sunday.getByRole('table');
      await table.waitFor();
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Día', 'Horario']);
      expect(await table.getByRole('cell').allInnerTexts()).toEqual(['Domingo', '8:30 – 13:00']);
      // Offered, not framed: the question's verb is not the header's noun (see the server's test of these sources).
      expect(await sunday.innerText()).toContain('Los documentos no parecen responder a esto directamente.');
      expect(await overflows(page)).toBe(false);
      await saveScreenshot(page, `structured-row-${name}`);

      // The record with every variant kept, its variants drawn as a table.
      const record = await ask('Do you have the linen shirt in L?', 'Linen shirt');
      const variants = record.getByRole('table');
      await variants.waitFor();
      expect(await variants.getByRole('columnheader').allInnerTexts()).toEqual(['size', 'colour']);
      expect(await variants.getByRole('cell').allInnerTexts()).toEqual(['S', 'sand', 'M', 'sand', 'L', 'navy']);
      expect(await overflows(page)).toBe(false);
      await saveScreenshot(page, `structured-record-and-path-${name}`);

      // "Summarize this": each source named above its sections, in order, and nothing wider than the screen.
      const outline = await ask(
        mobile ? 'Resume esto' : 'Summarize this',
        mobile ? 'Esto es lo que cubren tus documentos:' : 'Here is what your documents cover:',
      );
      const text = await outline.innerText();
      const host = new URL(site.base).host;
      expect(text.indexOf(host)).toBeLessThan(text.indexOf('catalogue.json'));
      expect(text.indexOf('catalogue.json')).toBeLessThan(text.indexOf('precios.docx'));
      expect(text.indexOf('Help centre')).toBeLessThan(text.indexOf('Reset your password'));
      expect(await overflows(page)).toBe(false);
      await saveScreenshot(page, `structured-outline-${name}`);
      await page.close();
    });
  }
});
