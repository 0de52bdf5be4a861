import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi, openFirstTestChat, send } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

/**
 * The server keeps the builder chat and the test chats: the same owner on another device (a
 * browser that keeps nothing of theirs) finds each where they left it.
 */
describe.skipIf(skipBrowserTests)('chats on another device', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens the builder chat and a test chat where they were left (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page, account } = await signedInPage(baseUrl, product.browser(), viewport, `devices-${name}`);
      const sparkId = await newSparkByApi(page, baseUrl);
      await page.goto(`${baseUrl}/spark/${sparkId}`);
      await page.getByTestId('message-ai').first().waitFor();
      await send(page, 'It answers questions about our bike shop');
      await page.getByTestId('message-human').filter({ hasText: 'It answers questions about our bike shop' }).waitFor();
      await page.getByTestId('typing-indicator').waitFor({ state: 'hidden' });
      const builderAnswers = await page.getByTestId('message-ai').count();
      await openFirstTestChat(page, baseUrl, sparkId);
      const testUrl = page.url();
      await send(page, 'Do you repair tyres?');
      await page.getByTestId('message-ai').nth(1).waitFor();

      // Another device: the same account, nothing in its storage but the session.
      const other = await product.browser().newPage({ viewport });
      await other.goto(`${baseUrl}/auth`);
      await other.evaluate((tokens) => {
        localStorage.setItem('access_token', tokens.access_token);
        localStorage.setItem('refresh_token', tokens.refresh_token);
      }, account);
      await other.goto(testUrl);
      await other.getByTestId('message-human').filter({ hasText: 'Do you repair tyres?' }).waitFor();
      await saveScreenshot(other, `test-chat-other-device-${name}`);
      await other.goto(`${baseUrl}/spark/${sparkId}`);
      await other.getByTestId('message-human').filter({ hasText: 'It answers questions about our bike shop' }).waitFor();
      // Continued, not started over: the same answers as on the first device, no new greeting after them.
      await other.getByTestId('typing-indicator').waitFor({ state: 'hidden' });
      expect(await other.getByTestId('message-ai').count()).toBe(builderAnswers);
      await other.close();
      await page.close();
    });
  }
});
