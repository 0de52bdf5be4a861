import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi } from './support/widget-site';

/**
 * A trial account at its three documents: the failed file it also uploaded takes no place, the
 * dialog says "3 of 3" and lists what counts, and deleting one there lets the upload go ahead.
 */
describe.skipIf(skipBrowserTests)('the document limit', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`says how many documents are used, lists them, and frees a place on the spot (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, `limit-${name}`, { bypassCSP: true });
      const sparkId = await newSparkByApi(page, baseUrl);
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const upload = async (fileName: string, body: string, type: string) => {
        const form = new FormData();
        form.append('sparkId', sparkId);
        form.append('file', new Blob([body], { type }), fileName);
        return fetch(`${baseUrl}/api/v1/bucket`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      };
      expect((await upload('damaged.pdf', '%PDF-1.7\n1 0 obj <<>> broken', 'application/pdf')).status).toBe(201);
      // Counted while it waits to be read (nobody knows yet that it will fail), freed once it has failed.
      await expect
        .poll(async () => (await ownerApi<Array<{ status: string }>>(page, baseUrl, `/sparks/${sparkId}/documents`)).map((document) => document.status), {
          timeout: 30_000,
        })
        .toEqual(['failed']);
      for (const file of ['prices.md', 'hours.md', 'returns.md'])
        expect((await upload(file, `# ${file}\n\nSomething to know.\n`, 'text/markdown')).status).toBe(201);
      await expect
        .poll(
          async () => (await ownerApi<Array<{ status: string }>>(page, baseUrl, `/sparks/${sparkId}/documents`)).map((document) => document.status).sort(),
          {
            timeout: 30_000,
          },
        )
        .toEqual(['failed', 'ready', 'ready', 'ready']);

      await page.goto(`${baseUrl}/spark/${sparkId}`);
      await page.getByTestId('documents-button').click();
      const panel = page.getByTestId('documents-panel');
      const chooser = page.waitForEvent('filechooser');
      await panel.getByRole('button', { name: /^Add/ }).first().click();
      await (await chooser).setFiles({ name: 'faq.md', mimeType: 'text/markdown', buffer: Buffer.from('# FAQ\n\nQuestions.\n') });
      await page.getByRole('button', { name: 'Upload', exact: true }).click();

      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('upload-limit').waitFor();
      await dialog.getByText('3 of 3 documents used').waitFor();
      const listed = dialog.getByRole('list', { name: 'Documents your plan counts' });
      expect((await listed.getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0])).toEqual(['prices.md', 'hours.md', 'returns.md']);
      expect(await dialog.innerText()).not.toContain('damaged.pdf');
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `document-limit-${name}`);

      await listed.getByRole('button', { name: 'Delete hours.md' }).click();
      await dialog.getByText('2 of 3 documents used').waitFor();
      await dialog.getByRole('button', { name: 'Upload now' }).click();
      await page.getByRole('dialog', { name: 'Document uploaded' }).waitFor();
      await expect
        .poll(async () => (await ownerApi<Array<{ name: string }>>(page, baseUrl, `/sparks/${sparkId}/documents`)).map((document) => document.name).sort())
        .toEqual(['damaged.pdf', 'faq.md', 'prices.md', 'returns.md']);
      await page.close();
    });
  }
});
