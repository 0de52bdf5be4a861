import { UPLOAD_MESSAGES } from '@sparks/contract';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { newSpark, openFirstTestChat, send } from './support/chat-actions';
import { signedInPage } from './support/signed-in-page';

/** A real PDF of two pages, written the way office software does (text, not images). */
function returnsPolicyPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ info: { Title: 'Velocita returns policy' } });
    const parts: Buffer[] = [];
    pdf.on('data', (part: Buffer) => parts.push(part));
    pdf.on('end', () => resolve(Buffer.concat(parts)));
    pdf.on('error', reject);
    pdf.fontSize(20).text('Velocita bicycle returns policy');
    pdf.moveDown().fontSize(12);
    pdf.text('Returns. Velocita accepts returns of bicycles within 45 days of purchase, provided the original receipt is shown.');
    pdf.text('A returned bicycle must be unridden and complete with every accessory it was sold with.');
    pdf.addPage();
    pdf.fontSize(16).text('Battery warranty');
    pdf.fontSize(12).text('Electric bicycles carry a warranty of three years on the battery, counted from the day of delivery.');
    // A table as office software sets one: each cell placed at its column.
    pdf.moveDown().fontSize(16).text('Workshop opening hours', 72);
    pdf.moveDown(0.5).fontSize(12);
    for (const [day, hours, service] of [
      ['Day', 'Hours', 'Repairs'],
      ['Monday to Friday', '9:00 – 19:00', 'While you wait'],
      ['Saturday', '10:00 – 14:00', 'By appointment'],
      ['Sunday', 'Closed', 'None'],
    ]) {
      const y = pdf.y;
      pdf.text(day!, 72, y, { lineBreak: false }).text(hours!, 240, y, { lineBreak: false }).text(service!, 380, y, { lineBreak: false });
      pdf.text('', 72, y + 18);
    }
    pdf.end();
  });
}

describe.skipIf(skipBrowserTests)('documents: upload, knowledge and answers from it', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const mobile = name === 'mobile';
    it(`uploads a PDF through the attach menu and answers from it with sources (${name})`, async () => {
      const { page } = await signedInPage(product.server().url, product.browser(), viewport, 'documents');
      const sparkId = await newSpark(page, mobile);
      await page.getByText('What is this Spark for?').waitFor();
      const fileName = `Velocita returns policy ${name}.pdf`;

      // Asking for an upload in the chat opens the attach menu as well as getting the assistant's answer.
      await send(page, 'Upload a document');
      await page
        .getByRole('menu')
        .getByRole('menuitem', { name: /Document/ })
        .waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      await page.getByTestId('message-human').filter({ hasText: 'Upload a document' }).waitFor();
      await page.getByTestId('typing-indicator').waitFor({ state: 'hidden' });

      // Every entry of the menu can be chosen; a file of a type the product does not read is refused before anything is sent.
      let chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Attach a file' }).click();
      const menu = page.getByRole('menu');
      expect(await menu.getByRole('menuitem', { name: /Image/ }).getAttribute('aria-disabled')).toBeNull();
      expect(await menu.getByRole('menuitem', { name: /Database/ }).getAttribute('aria-disabled')).toBeNull();
      await menu.getByRole('menuitem', { name: /Document/ }).click();
      await (await chooser).setFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
      const refused = page.getByRole('dialog', { name: 'The document could not be uploaded' });
      await refused.getByText(UPLOAD_MESSAGES.wrongFormat).waitFor();
      await refused.getByRole('button', { name: 'Close' }).click();
      await refused.waitFor({ state: 'hidden' });

      // The real file: confirm, upload, and the dialog names the document, then closes by itself.
      chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Attach a file' }).click();
      await page
        .getByRole('menu')
        .getByRole('menuitem', { name: /Document/ })
        .click();
      await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: await returnsPolicyPdf() });
      const confirm = page.getByRole('dialog', { name: 'Upload this document?' });
      await confirm.getByText(fileName).waitFor();
      await saveScreenshot(page, `documents-upload-confirm-${name}`);
      await confirm.getByRole('button', { name: 'Upload', exact: true }).click();
      const done = page.getByRole('dialog', { name: 'Document uploaded' });
      await done.getByText(`“${fileName}” is uploaded.`, { exact: false }).waitFor();
      await done.waitFor({ state: 'hidden', timeout: 6_000 });

      // The builder chat shows the upload as the user's bubble, and the assistant's answer to it.
      const bubble = page.getByTestId('message-uploaded-document');
      await bubble.waitFor();
      expect(await bubble.innerText()).toContain('Uploaded document');
      await expect.poll(() => bubble.locator('[title]').getAttribute('title')).toBe(fileName);

      // The documents panel follows the document until it is ready.
      await page.getByTestId('documents-button').click();
      const panel = page.getByTestId('documents-panel');
      const row = panel.getByRole('article', { name: fileName });
      await row.waitFor();
      await row.locator('[data-status="ready"]').waitFor({ timeout: 30_000 });
      expect(await row.innerText()).toMatch(/2 pages/);
      // Read again with the latest reading: a second version is read while the first answers, then takes its place.
      await row.getByRole('button', { name: `Read ${fileName} again with the latest reading` }).click();
      // The pressed button leaves with its row's offer: focus goes to the new version's row, not to the page.
      await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-delete-document') ?? false), { timeout: 10_000 }).toBe(true);
      await row.filter({ hasText: 'Version 2' }).locator('[data-status="ready"]').waitFor({ timeout: 30_000 });
      await expect.poll(() => row.count()).toBe(1);
      await saveScreenshot(page, `documents-panel-${name}`);
      await panel.getByRole('button', { name: 'Close documents' }).click();
      await panel.waitFor({ state: 'hidden' });

      // Summarised from the builder, the document reads as a visitor's summary does: its sections in order, within the screen.
      await page.getByRole('button', { name: 'Summarize the document' }).click();
      const summary = page
        .getByTestId('message-ai')
        .filter({ hasText: /covers these sections|Here is what your documents cover/ })
        .last();
      await summary.waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(page, `builder-summary-${name}`);

      // The assistant's proposals from the document are buttons that send their payload.
      await page.getByRole('button', { name: 'Update my Spark with it' }).click();
      await page.getByText('From your documents I suggest these changes').waitFor();
      await page.getByRole('button', { name: 'Use a welcome message about it' }).click();
      await page.getByTestId('message-human').filter({ hasText: 'Welcome message: Hello! Ask me anything about' }).waitFor();
      await page.getByText('Done, I changed the message it greets visitors with.').waitFor();

      // A test chat answers from the PDF and cites it; the citation opens its passage.
      await openFirstTestChat(page, product.server().url, sparkId);
      await send(page, 'Within how many days does Velocita accept returns of bicycles?');
      const answer = page.getByTestId('message-ai').filter({ hasText: '45 days' }).last();
      await answer.waitFor({ timeout: 30_000 });
      await answer
        .getByRole('button', { name: /^Source \d+$/ })
        .first()
        .click();
      const preview = page.getByTestId('citation-dialog');
      await preview.getByText(fileName).waitFor();
      await preview.getByTestId('passage-preview').getByText('within 45 days of purchase', { exact: false }).waitFor();
      await saveScreenshot(page, `documents-citation-${name}`);
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'hidden' });

      // "Why this answer?" lists the passages used, with their scores, marking the cited ones.
      const why = answer.getByRole('button', { name: /Why this answer\?/ });
      expect(await why.getAttribute('aria-expanded')).toBe('false');
      await why.click();
      expect(await why.getAttribute('aria-expanded')).toBe('true');
      const sources = answer.getByTestId('inspector-source');
      await sources.first().waitFor();
      expect(await answer.locator('[data-testid="inspector-source"][data-cited="true"]').count()).toBeGreaterThan(0);
      expect(await sources.first().innerText()).toMatch(/Score \d+\.\d{2}/);
      expect(await sources.first().innerText()).toContain(fileName);
      await page.waitForTimeout(500);
      await saveScreenshot(page, `documents-inspector-${name}`);

      // A table of the PDF answers with its row under the headers, shown as a table.
      await send(page, 'What are the workshop hours on Saturday?');
      const tableAnswer = page.getByTestId('message-ai').filter({ hasText: '10:00 – 14:00' }).last();
      await tableAnswer.waitFor({ timeout: 30_000 });
      expect(await tableAnswer.innerText()).toMatch(/By appointment/);
      await tableAnswer.locator('table').first().waitFor();
      // Nothing of the table reaches past the phone's width.
      expect(await tableAnswer.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      await saveScreenshot(page, `documents-table-answer-${name}`);
      await page.close();
    });
  }
});
