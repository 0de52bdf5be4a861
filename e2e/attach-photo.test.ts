import { describe, expect, it } from 'vitest';
import { textImage } from '../apps/server/test/scanned-fixtures';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSpark, openFirstTestChat, send } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

describe.skipIf(skipBrowserTests)('a photo from the attach menu becomes knowledge', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const mobile = name === 'mobile';
    it(`attaches a photo of a notice, sees it read by OCR and asks about it (${name})`, async () => {
      const { page } = await signedInPage(product.server().url, product.browser(), viewport, 'photo');
      const sparkId = await newSpark(page, mobile);
      await page.getByText('What is this Spark for?').waitFor();
      const fileName = `opening-hours-${name}.png`;
      const photo = textImage([
        'Velocita workshop',
        'The workshop is open from Tuesday to Saturday, 10:00 to 18:00.',
        'Bike fittings must be booked two days ahead.',
      ]);

      // The Image entry opens a picker for photos only.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Attach a file' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: /Image/ }).click();
      const picker = await chooser;
      expect(await picker.element().getAttribute('accept')).toBe('.jpg,.jpeg,.png,image/jpeg,image/png');
      await picker.setFiles({ name: fileName, mimeType: 'image/png', buffer: photo });
      const confirm = page.getByRole('dialog', { name: 'Upload this document?' });
      await confirm.getByText(fileName).waitFor();
      await confirm.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByRole('dialog', { name: 'Document uploaded' }).waitFor({ state: 'hidden', timeout: 10_000 });

      // The documents panel shows it ready, read by OCR.
      await page.getByTestId('documents-button').click();
      const panel = page.getByTestId('documents-panel');
      const row = panel.getByRole('article', { name: fileName });
      await row.locator('[data-status="ready"]').waitFor({ timeout: 60_000 });
      expect(await row.getByTestId('document-ocr-pages').innerText()).toBe('Read by OCR (text recognition).');
      expect(await row.innerText()).toContain('IMG');
      await saveScreenshot(page, `documents-photo-${name}`);
      await panel.getByRole('button', { name: 'Close documents' }).click();
      await panel.waitFor({ state: 'hidden' });

      // A test chat answers from the photo.
      await openFirstTestChat(page, product.server().url, sparkId);
      await send(page, 'Which days is the workshop open?');
      const answer = page.getByTestId('message-ai').filter({ hasText: 'Tuesday to Saturday' }).last();
      await answer.waitFor({ timeout: 30_000 });
      // The cited passage says it was read by OCR.
      await answer
        .getByRole('button', { name: /^Source \d+$/ })
        .first()
        .click();
      const preview = page.getByTestId('citation-dialog');
      await preview.getByTestId('passage-ocr').waitFor();
      await saveScreenshot(page, `documents-photo-answer-${name}`);
      await page.keyboard.press('Escape');

      // Replacing the photo with a newer one: confirmed as a new version, read, and then the only version.
      await page.goto(`${product.server().url}/spark/${sparkId}`);
      await page.getByTestId('documents-button').click();
      const documents = page.getByTestId('documents-panel');
      const replaceChooser = page.waitForEvent('filechooser');
      await documents.getByRole('button', { name: `Replace ${fileName} with a new version` }).click();
      const newer = textImage(['Velocita workshop', 'From March the workshop is open from Monday to Saturday, 9:00 to 19:00.']);
      await (await replaceChooser).setFiles({ name: 'new-hours.png', mimeType: 'image/png', buffer: newer });
      const replace = page.getByRole('dialog', { name: 'Upload this document?' });
      await replace.getByText(`The current version of “${fileName}” keeps answering until this file is read`, { exact: false }).waitFor();
      await replace.getByRole('button', { name: 'Upload', exact: true }).click();
      const second = documents.getByRole('article', { name: fileName });
      await second.getByText('Version 2').waitFor({ timeout: 60_000 });
      await expect.poll(() => documents.getByRole('article').count(), { timeout: 60_000 }).toBe(1);
      await documents.locator('[data-status="ready"]').waitFor({ timeout: 60_000 });
      await saveScreenshot(page, `documents-photo-version-${name}`);
      await page.close();
    });
  }
});
