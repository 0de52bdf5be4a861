import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { chooseSpanish } from './support/choose-spanish';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi } from './support/widget-site';

const PRICE_LIST = Buffer.from('Price list\n\nSourdough loaf: 4.50\nRye loaf: 5.20\n');

describe.skipIf(skipBrowserTests)('a file that is not what its name says', () => {
  const product = useProductInBrowser();
  const walks = [
    {
      name: 'desktop, English',
      viewport: VIEWPORTS.desktop,
      spanish: false,
      words: {
        attach: 'Attach a file',
        document: /Document/,
        confirm: 'Upload this document?',
        upload: 'Upload',
        failed: 'The document could not be uploaded',
        message: 'price-list.pdf is not a PDF: it holds plain text. Save it as .txt or export it as PDF.',
        another: 'Choose another file',
      },
    },
    {
      name: 'mobile, Spanish',
      viewport: VIEWPORTS.mobile,
      spanish: true,
      words: {
        attach: 'Adjuntar un archivo',
        document: /Documento/,
        confirm: '¿Subir este documento?',
        upload: 'Subir',
        failed: 'No se pudo subir el documento',
        message: 'price-list.pdf no es un PDF: contiene texto sin formato. Guárdalo como .txt o expórtalo como PDF.',
        another: 'Elegir otro archivo',
      },
    },
  ];

  for (const { name, viewport, spanish, words } of walks) {
    it(`is refused with what it holds and what to do, keeping none of the trial's documents (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, 'mismatch');
      if (spanish) await chooseSpanish(page, viewport === VIEWPORTS.mobile);
      const sparkId = await newSparkByApi(page, baseUrl);
      await page.getByTestId('message-ai').first().waitFor();

      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: words.attach }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: words.document }).click();
      await (await chooser).setFiles({ name: 'price-list.pdf', mimeType: 'application/pdf', buffer: PRICE_LIST });
      await page.getByRole('dialog', { name: words.confirm }).getByRole('button', { name: words.upload, exact: true }).click();
      const refused = page.getByRole('dialog', { name: words.failed });
      await refused.getByText(words.message).waitFor();
      await refused.getByRole('button', { name: words.another }).waitFor();
      await saveScreenshot(page, `file-type-mismatch-${viewport.width}`);

      expect(await ownerApi<unknown[]>(page, baseUrl, `/sparks/${sparkId}/documents`)).toEqual([]);
      expect((await ownerApi<{ used: number }>(page, baseUrl, '/documents/allowance')).used).toBe(0);
      await page.close();
    });
  }
});
