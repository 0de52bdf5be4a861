import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMetaGraph, type FakePage } from '../test/support/fake-meta-graph';
import { startFakeTelegram, type FakeBot } from '../test/support/fake-telegram';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

const APP_SECRET = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const PAGES: FakePage[] = ['desktop', 'mobile'].map((name, index) => ({
  id: `30${index}5403522429`,
  name: `Panadería La Espiga ${name}`,
  accessToken: `EAAEspiga${index}ZCpsBAKZCrDfZBBRealLookingToken`,
  instagram: { id: `1784140582230477${index}`, username: `la_espiga_${name}` },
}));
const BOTS: FakeBot[] = ['desktop', 'mobile'].map((name, index) => ({
  id: 6_200_000_000 + index,
  username: `espiga_${name}_bot`,
  token: `${6_200_000_000 + index}:AAE${'k'.repeat(30)}${index}`,
}));

/** The panel scrolls on its own: the part to picture is brought into view first. */
async function picture(page: Page, part: Locator, name: string): Promise<void> {
  await part.scrollIntoViewIfNeeded();
  await saveScreenshot(page, name);
}

describe.skipIf(skipBrowserTests)('Messenger, Instagram and Telegram: the bakery connects her Page and her bot from the deploy panel', () => {
  // The platforms are fakes on loopback; they must listen before the product starts with their addresses.
  const env: Record<string, string> = {};
  let graph: Awaited<ReturnType<typeof startFakeMetaGraph>>;
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  beforeAll(async () => {
    graph = await startFakeMetaGraph(PAGES);
    telegram = await startFakeTelegram(BOTS);
    env.META_GRAPH_URL = graph.graphUrl;
    env.TELEGRAM_API_URL = telegram.apiUrl;
  });
  afterAll(async () => {
    await graph?.close();
    await telegram?.close();
  });
  const product = useProductInBrowser(env);

  for (const [index, [name, viewport]] of Object.entries(VIEWPORTS).entries()) {
    it(`connects a Telegram bot and a Page with Instagram, and a customer's message reaches Live (${name})`, async () => {
      const bot = BOTS[index]!;
      const fb = PAGES[index]!;
      const base = product.server().url;
      const { page } = await signedInPage(base, product.browser(), viewport, `messaging-${name}`, { bypassCSP: true });
      const sparkId = await newSparkByApi(page, base);
      await page.goto(`${base}/spark/${sparkId}?panel=deploy`);
      const panel = page.getByTestId('deploy-panel');

      // Telegram: the token alone; the product sets the webhook.
      const tg = panel.getByTestId('telegram-card');
      await tg.getByText('Create a bot and copy its token').waitFor();
      await picture(page, tg.getByText('Create a bot and copy its token'), `telegram-guide-${name}`);
      await tg.getByLabel('Bot token').fill('not a token');
      await tg.getByRole('button', { name: 'Connect', exact: true }).click();
      await tg.getByText('Paste the whole token BotFather gave, such as 123456789:AAE…, without spaces.').waitFor();
      expect(await tg.getByLabel('Bot token').getAttribute('type')).toBe('password');
      await tg.getByLabel('Bot token').fill(bot.token);
      await tg.getByRole('button', { name: 'Connect', exact: true }).click();
      await tg.getByText(`Connected to @${bot.username}.`).waitFor();
      // This product runs on loopback: Telegram could not call it, and the card says so.
      await tg.getByTestId('telegram-callback-warning').waitFor();
      expect(await page.content()).not.toContain(bot.token);
      const hook = telegram.webhookOf(bot)!;
      const update = await fetch(`${base}${new URL(hook.url).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook.secret },
        body: JSON.stringify(telegram.message(9100 + index, '/start', { language: 'es' })),
      });
      expect(update.status).toBe(200);
      await expect.poll(() => telegram.sent.filter((message) => message.chatId === String(9100 + index)).length, { timeout: 20_000 }).toBe(1);
      await picture(page, tg.getByText(`Connected to @${bot.username}.`), `telegram-connected-${name}`);

      // Messenger and Instagram: the Page's three values; its Instagram is found.
      const meta = panel.getByTestId('meta-card');
      await meta.getByLabel('Page ID').fill(fb.id);
      await meta.getByLabel('Page access token').fill(fb.accessToken);
      await meta.getByLabel('App secret').fill(APP_SECRET);
      await meta.getByRole('button', { name: 'Connect', exact: true }).click();
      await meta.getByText(`Connected to Page ${fb.name} (${fb.id}) and Instagram @${fb.instagram!.username}.`).waitFor();
      const webhookUrl = await meta.locator('pre code').nth(0).innerText();
      expect(webhookUrl).toMatch(/\/api\/v1\/meta\/[\w-]+\/webhook$/);
      expect(await page.content()).not.toContain(fb.accessToken);
      await picture(page, meta.locator('pre code').nth(0), `meta-connected-${name}`);
      expect(await seriousViolations(page)).toEqual([]);

      // A customer asks on Instagram; the conversation shows in Live marked Instagram.
      const customer = `62541178012975${index}`;
      const delivery = graph.delivery('instagram', fb, APP_SECRET, [{ from: customer, text: '¿Tenéis pan sin gluten?' }]);
      const posted = await fetch(`${base}${new URL(webhookUrl).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': delivery.signature },
        body: delivery.raw,
      });
      expect(posted.status).toBe(200);
      await expect.poll(() => graph.sent.filter((message) => message.to === customer).length, { timeout: 20_000 }).toBeGreaterThan(0);
      await page.goto(`${base}/spark/${sparkId}/live`);
      const marker = page.getByTestId('live-conversation').getByText('Instagram', { exact: true });
      await marker.waitFor();
      await picture(page, marker, `messaging-live-${name}`);

      // Taken over from Live (on a phone too): the customer reads on Instagram that someone joined, and what they write.
      await marker.click();
      const view = page.getByTestId('live-conversation-view');
      await view.getByRole('button', { name: 'Take over' }).click();
      await view
        .getByTestId('live-notice')
        .filter({ hasText: / joined$/ })
        .waitFor();
      const composer = view.getByRole('textbox', { name: 'Your message to the visitor' });
      await composer.fill('Hola, soy Marta. Sí, cada mañana.');
      await composer.press('Enter');
      await view.getByTestId('live-message-owner').filter({ hasText: 'Hola, soy Marta.' }).waitFor();
      await expect
        .poll(() =>
          graph.sent
            .filter((message) => message.to === customer)
            .map((message) => message.text)
            .at(-1),
        )
        .toBe('Hola, soy Marta. Sí, cada mañana.');
      await picture(page, composer, `messaging-takeover-${name}`);
      await view.getByRole('button', { name: 'Hand back' }).click();
      await view
        .getByTestId('live-notice')
        .filter({ hasText: / left$/ })
        .waitFor();
      await expect.poll(() => graph.sent.filter((message) => message.to === customer).at(-1)?.text).toMatch(/ha salido de la conversación/);

      // The same cards in Spanish.
      await page.goto(`${base}/spark/${sparkId}?panel=deploy&lng=es`);
      const metaEs = page.getByTestId('deploy-panel').getByTestId('meta-card');
      await metaEs.getByText(`Conectado a la página ${fb.name}`, { exact: false }).waitFor();
      await picture(page, metaEs.locator('pre code').nth(0), `meta-connected-es-${name}`);
      await picture(page, page.getByTestId('deploy-panel').getByTestId('telegram-card').getByRole('switch').first(), `telegram-connected-es-${name}`);
      await page.close();
    }, 120_000);
  }
});
