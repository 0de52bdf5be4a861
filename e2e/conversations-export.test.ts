import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi, openFirstTestChat, send } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

/**
 * The conversations export as an owner opens it in a spreadsheet: UTF-8 with a byte-order mark,
 * only what was said (not the word the product sends to open a test chat), accents intact.
 */
describe.skipIf(skipBrowserTests)('the conversations export', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`downloads what was said, readable by a spreadsheet, without the test chat's opening word (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, `export-${name}`);
      const sparkId = await newSparkByApi(page, baseUrl);
      await openFirstTestChat(page, baseUrl, sparkId);
      await send(page, '¿Abrís el día de Año Nuevo?');
      await page.getByTestId('message-ai').nth(1).waitFor();

      await page.goto(`${baseUrl}/spark/${sparkId}`);
      await page.getByTestId('deploy-button').click();
      const panel = page.getByTestId('deploy-panel');
      const downloading = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download CSV' }).click();
      const bytes = readFileSync((await (await downloading).path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parse(bytes, { bom: true, columns: true }) as Array<Record<string, string>>;
      expect(rows.map((row) => `${row.channel}:${row.role}`)).toEqual(['test:spark', 'test:owner', 'test:spark']);
      expect(rows[1]?.text).toBe('¿Abrís el día de Año Nuevo?');
      expect(rows.some((row) => row.text?.trim().toLowerCase() === 'inicio')).toBe(false);
      await saveScreenshot(page, `deploy-export-${name}`);
      await page.close();
    });
  }
});
