import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

describe.skipIf(skipBrowserTests)('the home screen on a phone', () => {
  const product = useProductInBrowser();

  it('greets by the name before the @, says what is next, and keeps the New Spark button off the footer and off /new-spark', async () => {
    const baseUrl = product.server().url;
    const { page, account } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.mobile, 'home');
    const local = account.email.split('@')[0]!;
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toBe(`Hi, ${local}!`);
    await page.getByText('Create your first Spark right here').waitFor();

    // The floating button sits beside the footer's text, never over it.
    const button = await page
      .getByRole('link', { name: /New Spark/ })
      .last()
      .boundingBox();
    for (const part of await page.locator('footer span').all()) {
      const box = await part.boundingBox();
      if (!box || !button) continue;
      const overlaps = box.x < button.x + button.width && button.x < box.x + box.width && box.y < button.y + button.height && button.y < box.y + box.height;
      expect(overlaps, `${await part.textContent()} under the button`).toBe(false);
    }
    await saveScreenshot(page, 'home-mobile');

    await newSparkByApi(page, baseUrl);
    await page.goto(`${baseUrl}/`);
    await page.getByText('Pick up where you left off, or create another Spark.').waitFor();
    expect(await page.getByText('Create your first Spark right here').count()).toBe(0);

    await page.goto(`${baseUrl}/new-spark`);
    await page.getByText('what should it be called?').waitFor();
    expect(await page.locator('[data-tutorial="new-spark"]').filter({ visible: true }).count()).toBe(0);
    await page.close();
  });
});
