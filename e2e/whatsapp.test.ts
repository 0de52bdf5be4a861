import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_FAILURES, startFakeWhatsappCloud, whatsappDelivery } from '../test/support/fake-whatsapp-cloud';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

const ACCESS_TOKEN = 'EAAGm0PX4ZCpsBAKZAe2etoken0123456789abcdefGHIJKLMNOP';
const APP_SECRET = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** The panel scrolls on its own: the part to picture is brought into view first. */
async function picture(page: Page, part: Locator, name: string): Promise<void> {
  await part.scrollIntoViewIfNeeded();
  await saveScreenshot(page, name);
}

describe.skipIf(skipBrowserTests)('WhatsApp: an owner connects her Spark to a WhatsApp Business number from the deploy panel', () => {
  // Meta's Graph API is a fake on loopback; it must be listening before the product starts with its address.
  const env: Record<string, string> = {};
  let cloud: Awaited<ReturnType<typeof startFakeWhatsappCloud>>;
  beforeAll(async () => {
    cloud = await startFakeWhatsappCloud({ accessToken: ACCESS_TOKEN });
    env.WHATSAPP_GRAPH_URL = cloud.graphUrl;
  });
  afterAll(() => cloud?.close());
  const product = useProductInBrowser(env);

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`follows the guide, connects, tests, receives a message, pauses and disconnects (${name})`, async () => {
      const phoneNumberId = name === 'desktop' ? '106540352242922' : '106540352242923';
      const base = product.server().url;
      const { page } = await signedInPage(base, product.browser(), viewport, `whatsapp-${name}`, { bypassCSP: true });
      const sparkId = await newSparkByApi(page, base);
      await page.goto(`${base}/spark/${sparkId}?panel=deploy`);
      const card = page.getByTestId('deploy-panel').getByTestId('whatsapp-card');
      await card.getByText('Step 1: copy three values from Meta for Developers').waitFor();
      await card.getByText('Step 2: tell Meta where to send messages').waitFor();
      await picture(page, card.getByText('Step 1: copy three values from Meta for Developers'), `whatsapp-guide-${name}`);

      // What is not Meta's shape is refused in place, by field, before anything is sent.
      await card.getByLabel('Phone number ID').fill('+34 600 111 222');
      await card.getByLabel('Permanent access token').fill(ACCESS_TOKEN);
      await card.getByLabel('App secret').fill('not-the-secret');
      await card.getByRole('button', { name: 'Connect', exact: true }).click();
      await card.getByText('Paste the Phone number ID: digits only (not the phone number itself).').waitFor();
      await card.getByText('Paste the App secret: 32 letters and digits.').waitFor();
      expect(await card.getByLabel('Permanent access token').getAttribute('type')).toBe('password');
      expect(await card.getByLabel('App secret').getAttribute('autocomplete')).toBe('off');
      await picture(page, card.getByRole('button', { name: 'Connect', exact: true }), `whatsapp-form-errors-${name}`);

      await card.getByLabel('Phone number ID').fill(phoneNumberId);
      await card.getByLabel('App secret').fill(APP_SECRET);
      await card.getByRole('button', { name: 'Connect', exact: true }).click();
      await card.getByText(`Connected to the number with Phone number ID ${phoneNumberId}.`).waitFor();
      await card
        .getByRole('paragraph')
        .filter({ hasText: /^Callback URL$/ })
        .waitFor();
      await card
        .getByRole('paragraph')
        .filter({ hasText: /^Verify token$/ })
        .waitFor();
      const blocks = card.locator('pre code');
      const webhookUrl = await blocks.nth(0).innerText();
      const verifyToken = await blocks.nth(1).innerText();
      expect(webhookUrl).toMatch(/\/api\/v1\/whatsapp\/[\w-]+\/webhook$/);
      expect(verifyToken.length).toBeGreaterThan(8);
      expect(await card.getByTestId('whatsapp-status').innerText()).toContain('No message yet');
      // The token and the secret are gone from the page and never come back from the server.
      expect(await page.content()).not.toContain(ACCESS_TOKEN);
      expect(await page.content()).not.toContain(APP_SECRET);
      const accessToken = await page.evaluate(() => localStorage.getItem('access_token'));
      const read = await (await fetch(`${base}/api/v1/sparks/${sparkId}/whatsapp`, { headers: { authorization: `Bearer ${accessToken}` } })).text();
      expect(read).toContain(verifyToken);
      expect(read).not.toContain(ACCESS_TOKEN);
      expect(read).not.toContain(APP_SECRET);
      await picture(page, card.getByText('Step 2: tell Meta where to send messages'), `whatsapp-connected-${name}`);

      // Meta's "Verify and save" with the pasted Callback URL and verify token.
      const webhook = `${base}${new URL(webhookUrl).pathname}`;
      const check = await fetch(`${webhook}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=1158201444`);
      expect(await check.text()).toBe('1158201444');

      // A test message reaches Meta from the owner's number.
      const test = card.getByTestId('whatsapp-test');
      await test.getByLabel('Phone number with country code').fill('+34 600 111 222');
      await test.getByRole('button', { name: 'Send test' }).click();
      await test.getByText('Sent: check WhatsApp on that phone.').waitFor();
      expect(cloud.sent.filter((message) => message.phoneNumberId === phoneNumberId && message.to === '34600111222')).toHaveLength(1);
      // Meta refuses the next one: its words and code are shown, as the last problem too.
      cloud.failNext(META_FAILURES.expiredToken);
      await test.getByRole('button', { name: 'Send test' }).click();
      await test.getByRole('alert').waitFor();
      expect(await test.getByText('Sent: check WhatsApp on that phone.').count()).toBe(0);
      await card.getByText("Meta's code: 190").waitFor();
      await picture(page, card.getByTestId('whatsapp-status'), `whatsapp-problem-${name}`);
      // The connected card, its problem included, is read the same with a screen reader (axe: bypassCSP above).
      expect(await seriousViolations(page)).toEqual([]);

      // A customer writes: Meta's signed delivery arrives, and after a reload the card says when.
      const delivery = whatsappDelivery(phoneNumberId, APP_SECRET, [{ from: '447700900123', text: 'Hello, are you open today?' }]);
      const posted = await fetch(webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': delivery.signature },
        body: delivery.raw,
      });
      expect(posted.status).toBe(200);
      await page.reload();
      const status = page.getByTestId('whatsapp-card').getByTestId('whatsapp-status');
      await status.getByText('Last message received').waitFor();
      await expect.poll(async () => (await status.locator('dd').first().innerText()).trim()).not.toBe('No message yet');
      expect(await status.locator('dd time').first().getAttribute('datetime')).not.toBeNull();

      // The customer's conversation is in the Live view like a website visitor's, marked as WhatsApp's.
      await page.goto(`${base}/spark/${sparkId}/live`);
      const marker = page.getByTestId('live-conversation').getByText('WhatsApp', { exact: true });
      await marker.waitFor();
      await picture(page, marker, `whatsapp-live-${name}`);
      await page.goto(`${base}/spark/${sparkId}?panel=deploy`);
      await status.getByText('Last message received').waitFor();

      // Pause and resume, by the switch's state.
      const toggle = page.getByRole('switch', { name: 'Answer on WhatsApp' });
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await page.getByText('Paused: messages are not answered until you turn this back on.').waitFor();
      await picture(page, toggle, `whatsapp-paused-${name}`);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

      // Replacing the credentials starts from empty fields: the token is never readable back.
      const connected = page.getByTestId('whatsapp-card');
      await connected.getByRole('button', { name: 'Replace token or secret' }).click();
      expect(await connected.getByLabel('Permanent access token').inputValue()).toBe('');
      expect(await connected.getByLabel('App secret').inputValue()).toBe('');
      await connected.getByRole('button', { name: 'Cancel' }).click();

      await connected.getByRole('button', { name: 'Disconnect WhatsApp' }).click();
      await connected.getByRole('group', { name: 'Disconnect WhatsApp' }).getByRole('button', { name: 'Yes, disconnect' }).click();
      await connected.getByText('WhatsApp is disconnected.').waitFor();
      await connected.getByText('Step 1: copy three values from Meta for Developers').waitFor();
      const after = await (await fetch(`${base}/api/v1/sparks/${sparkId}/whatsapp`, { headers: { authorization: `Bearer ${accessToken}` } })).json();
      expect((after as { data: { connected: boolean } }).data.connected).toBe(false);
      await picture(page, connected.getByText('WhatsApp is disconnected.'), `whatsapp-disconnected-${name}`);
      await page.close();
    }, 120_000);
  }
});
