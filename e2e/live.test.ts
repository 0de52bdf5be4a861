import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { chooseSpanish } from './support/choose-spanish';
import { newSparkByApi } from './support/chat-actions';
import { cuttableEventStreams, dropEventStreams, recordNotifications, restoreEventStreams, shownNotifications } from './support/live-page';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi, uploadHandbook } from './support/widget-site';

const SHOP = 'https://shop.example';

const WORDS = {
  en: {
    live: 'Live',
    empty: 'No visitor has written in the last 30 minutes',
    askedForPerson: 'Asked for a person',
    personAlert: 'A visitor asks for a person.',
    takeOver: 'Take over',
    handBack: 'Hand back',
    composer: 'Your message to the visitor',
    typing: 'The visitor is typing…',
    joined: / joined$/,
    left: / left$/,
    back: 'Back to the conversations',
    notify: 'Notify me when a visitor asks for a person',
    notifyOn: 'You will be notified when a visitor asks for a person',
    notification: 'A visitor asks for a person',
    reconnecting: 'Reconnecting…',
  },
  es: {
    live: 'En vivo',
    empty: 'Ningún visitante ha escrito en los últimos 30 minutos',
    askedForPerson: 'Pidió hablar con una persona',
    personAlert: 'Un visitante pide hablar con una persona.',
    takeOver: 'Atender',
    handBack: 'Devolver',
    composer: 'Tu mensaje al visitante',
    typing: 'El visitante está escribiendo…',
    joined: /(se unió|Te uniste)$/,
    left: /(salió|Saliste)$/,
    back: 'Volver a las conversaciones',
    notify: 'Avísame cuando un visitante pida hablar con una persona',
    notifyOn: 'Te avisaremos cuando un visitante pida hablar con una persona',
    notification: 'Un visitante pide hablar con una persona',
    reconnecting: 'Reconectando…',
  },
} as const;

/** The visitor's side, through the widget's API as the chat frame on the shop's page calls it. */
async function visitorOf(page: Page, baseUrl: string, sparkId: string) {
  await ownerApi(page, baseUrl, `/sparks/${sparkId}/deploy`, { method: 'PATCH', body: { allowedOrigins: [SHOP] } });
  const { deployToken } = await ownerApi<{ deployToken: string }>(page, baseUrl, `/sparks/${sparkId}/deploy`);
  const frame = await (await fetch(`${baseUrl}/widget/frame/${deployToken}`, { headers: { referer: `${SHOP}/help` } })).text();
  const settings = /<script type="application\/json" id="sparks-config">([\s\S]*?)<\/script>/.exec(frame)?.[1];
  if (!settings) throw new Error('the frame has no settings');
  const { ticket } = JSON.parse(settings) as { ticket: string };
  let session: string | undefined;
  const headers = () => ({ 'x-sparks-ticket': ticket, ...(session ? { 'x-sparks-visitor': session } : {}) });
  return {
    ask: async (text: string) => {
      const response = await fetch(`${baseUrl}/api/v1/widget/${deployToken}/chat`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      expect(response.status).toBeLessThan(300);
      session ??= ((await response.json()) as { data: { visitorToken: string } }).data.visitorToken;
    },
    typing: async () => {
      const response = await fetch(`${baseUrl}/api/v1/widget/${deployToken}/typing`, { method: 'POST', headers: headers() });
      expect(response.status).toBe(200);
    },
  };
}

describe.skipIf(skipBrowserTests)('live: the owner watches a visitor conversation, takes it over and hands it back', () => {
  const product = useProductInBrowser();
  const runs = [
    { name: 'desktop', viewport: VIEWPORTS.desktop, language: 'en' },
    { name: 'mobile-es', viewport: VIEWPORTS.mobile, language: 'es' },
  ] as const;

  for (const { name, viewport, language } of runs) {
    it(`follows a conversation live and answers the visitor in person (${name})`, async () => {
      const words = WORDS[language];
      const mobile = viewport.width < 1140;
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, `live-${name}`);
      // What a headless browser hides is made visible: the notifications shown; and its event streams can be cut.
      await recordNotifications(page);
      await cuttableEventStreams(page);
      const sparkId = await newSparkByApi(page, baseUrl);
      await uploadHandbook(page, baseUrl, sparkId);
      const visitor = await visitorOf(page, baseUrl, sparkId);
      if (language === 'es') await chooseSpanish(page, mobile);

      // The owner opens Live from the Spark's header: nobody has written yet.
      await page.getByTestId('live-link').waitFor();
      await saveScreenshot(page, `live-spark-header-${name}`);
      await page.getByTestId('live-link').click();
      await page.waitForURL(`**/spark/${sparkId}/live`);
      await page.getByText(words.empty).waitFor();
      // Nothing is asked on load; the owner's click asks, and here the browser says yes.
      const notify = page.getByRole('button', { name: words.notify });
      await notify.waitFor();
      await page.context().grantPermissions(['notifications'], { origin: baseUrl });
      await notify.click();
      await page.getByText(words.notifyOn).waitFor();
      await saveScreenshot(page, `live-empty-${name}`);

      // A visitor asks for a person: the list shows it at once, marked, with an alert on the page.
      await visitor.ask('Can I talk to a person?');
      const item = page.getByTestId('live-conversation').first();
      await item.getByText(words.askedForPerson).waitFor({ timeout: 20_000 });
      await page.getByTestId('live-person-alert').getByText(words.personAlert).waitFor();
      expect(await shownNotifications(page)).toEqual([words.notification]);
      await saveScreenshot(page, `live-list-${name}`);

      await item.click();
      const view = page.getByTestId('live-conversation-view');
      await view.getByTestId('live-message-visitor').getByText('Can I talk to a person?').waitFor();
      await view.getByRole('button', { name: words.takeOver }).click();
      await view.getByTestId('live-notice').filter({ hasText: words.joined }).waitFor();

      // The owner writes; Enter sends.
      const composer = view.getByRole('textbox', { name: words.composer });
      await composer.fill('Hi, I am here. <b>How can I help?</b>');
      await composer.press('Enter');
      await view.getByTestId('live-message-owner').getByText('Hi, I am here. <b>How can I help?</b>').waitFor();
      expect(await composer.inputValue()).toBe('');

      // The visitor types, then answers: both appear without reloading.
      await visitor.typing();
      await view.getByTestId('live-typing').getByText(words.typing).waitFor();
      await visitor.ask('My order never arrived.');
      await view.getByTestId('live-message-visitor').getByText('My order never arrived.').waitFor();
      await saveScreenshot(page, `live-taken-over-${name}`);

      // The connection drops: the view says so, and once back it shows what the visitor wrote meanwhile, once.
      await dropEventStreams(page);
      await view.getByTestId('live-reconnecting').getByText(words.reconnecting).waitFor();
      await visitor.ask('Are you still there?');
      await saveScreenshot(page, `live-reconnecting-${name}`);
      await restoreEventStreams(page);
      await view.getByTestId('live-message-visitor').getByText('Are you still there?').waitFor({ timeout: 30_000 });
      await view.getByTestId('live-reconnecting').waitFor({ state: 'hidden' });
      expect(await view.getByTestId('live-message-visitor').count()).toBe(3);

      // The visitor asks a question the owner leaves unanswered: handed back, the Spark answers it, with its source.
      await visitor.ask('How long do I have to return a bike?');
      await view.getByTestId('live-message-visitor').getByText('How long do I have to return a bike?').waitFor();
      await view.getByRole('button', { name: words.handBack }).click();
      await view.getByTestId('live-notice').filter({ hasText: words.left }).waitFor();
      await view.getByRole('button', { name: words.takeOver }).waitFor();
      const answer = view.getByTestId('live-message-spark').filter({ hasText: 'within 30 days' });
      await answer.waitFor({ timeout: 30_000 });
      // Its marker is a source to open, as in the test chat, never a bare "[1]".
      expect(await answer.innerText()).not.toContain('[1]');
      await saveScreenshot(page, `live-handed-back-${name}`);
      await answer.locator('[data-citation-chip="1"]').click();
      const source = page.getByTestId('citation-dialog');
      await source.getByText('handbook.md').waitFor();
      // The chip opens the whole passage, as the test chat's does.
      await source.getByTestId('passage-preview').getByText('within 30 days of purchase', { exact: false }).waitFor();
      await saveScreenshot(page, `live-source-${name}`);
      await page.keyboard.press('Escape');
      await source.waitFor({ state: 'hidden' });

      if (mobile) {
        // On a phone the conversation fills the screen; its back button returns to the list.
        expect(await page.getByTestId('live-list').isVisible()).toBe(false);
        await view.getByRole('button', { name: words.back }).click();
        await page.waitForURL(`**/spark/${sparkId}/live`);
        await page.getByTestId('live-list').waitFor();
      } else {
        // On a desktop the list stays beside the conversation.
        expect(await page.getByTestId('live-list').isVisible()).toBe(true);
        // Insights leads to Live as well.
        await page.goto(`${baseUrl}/spark/${sparkId}/insights`);
        await page.getByTestId('insights-live-link').click();
        await page.waitForURL(`**/spark/${sparkId}/live`);
        await page.getByTestId('live-list').waitFor();
      }
      await page.close();
    }, 120_000);
  }
});
