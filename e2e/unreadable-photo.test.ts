import { describe, expect, it } from 'vitest';
import { grayPng } from '../apps/server/test/document-fixtures';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

/** A photo that cannot be read says so, with what to try, and its builder answer offers nothing to do with it. */
describe.skipIf(skipBrowserTests)('an unreadable photo', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`says what could not be read and what to try, and offers no action on it (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, `photo-fail-${name}`);
      const sparkId = await newSparkByApi(page, baseUrl);
      await page.goto(`${baseUrl}/spark/${sparkId}`);
      await page.getByText('What is this Spark for?').waitFor();
      // A PNG whose header reads as an image but whose pixels are cut short and scrambled.
      const photo = Buffer.concat([grayPng(400, 300).subarray(0, 60), Buffer.alloc(200, 0x5a)]);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Attach a file' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: /Image/ }).click();
      await (await chooser).setFiles({ name: `notice-${name}.png`, mimeType: 'image/png', buffer: photo });
      await page.getByRole('dialog', { name: 'Upload this document?' }).getByRole('button', { name: 'Upload', exact: true }).click();
      const uploaded = page.getByRole('dialog', { name: 'Document uploaded' });
      await uploaded.waitFor();
      await uploaded.waitFor({ state: 'hidden', timeout: 10_000 });

      const note = page.getByTestId('document-failed-note');
      await note.waitFor({ timeout: 60_000 });
      expect(await note.innerText()).toBe(
        'This image could not be opened (it may be damaged or in a format we cannot read). Save it again as JPEG or PNG, or upload a PDF or Word file with the text.',
      );
      expect(await page.getByRole('button', { name: 'Summarize the document' }).count()).toBe(0);
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      await saveScreenshot(page, `unreadable-photo-${name}`);
      await page.close();
    });
  }
});
