import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { send } from './support/chat-actions';
import { beaconServer, expectNothingInjected, hostileStrings, watchBeacon } from './support/hostile-markup';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi as api, openWidget, uploadHandbook, useWebsite } from './support/widget-site';

const UNKNOWN = 'Do you ship to Canada?';

/**
 * An owner answer is the owner's text, and visitors read it: markup written into it must stay text
 * in the widget (its inert renderer) and in the app (its sanitised Markdown), and load nothing.
 */
describe.skipIf(skipBrowserTests)('an owner answer holding markup', () => {
  const product = useProductInBrowser();
  const website = useWebsite();
  const beacon = beaconServer();
  beforeAll(() => beacon.start());
  afterAll(() => beacon.stop());

  it('is shown as text to the next visitor and in the test chat, and reaches no other host', async () => {
    const baseUrl = product.server().url;
    const hostile = hostileStrings(beacon.url());
    const { page: owner } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'answer-markup', { bypassCSP: true });
    const ownerRequests = watchBeacon(owner.context(), beacon.url());
    const spark = await api<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
    await uploadHandbook(owner, baseUrl, spark._id);
    const deployment = await api<{ snippet: string }>(owner, baseUrl, `/sparks/${spark._id}/deploy`, {
      method: 'PATCH',
      body: { allowedOrigins: [website.origin()] },
    });
    website.setTag(deployment.snippet);

    // A visitor asks what the handbook does not say; the owner answers it from the inbox, with markup in the answer.
    const first = await openWidget(product.browser(), website.origin(), { viewport: VIEWPORTS.desktop });
    const box = first.chat.getByRole('textbox', { name: 'Your question' });
    await box.fill(UNKNOWN);
    await box.press('Enter');
    await first.chat.getByRole('button', { name: 'Leave your e-mail and we’ll answer' }).waitFor();
    await first.context.close();
    const [gap] = await api<Array<{ _id: string; question: string }>>(owner, baseUrl, `/sparks/${spark._id}/gaps`);
    expect(gap?.question).toBe(UNKNOWN);
    const markup = [hostile.img, hostile.script, hostile.svg, hostile.markdownLink, hostile.markdownImage, hostile.anchor, hostile.iframe, hostile.style].join(
      ' ',
    );
    await api(owner, baseUrl, `/sparks/${spark._id}/gaps/${gap!._id}/answer`, {
      method: 'POST',
      body: { answer: `We ship to Canada within 5 business days. ${markup} Tracking comes by e-mail.`, mustMention: ['5 business days'] },
    });
    await expect
      .poll(async () => (await api<Array<{ status: string }>>(owner, baseUrl, `/sparks/${spark._id}/documents`)).map((document) => document.status), {
        timeout: 30_000,
      })
      .toEqual(['ready', 'ready']);

    // The next visitor gets the owner's answer, cited; nothing of the markup runs, hides the page or loads.
    const next = await openWidget(product.browser(), website.origin(), { viewport: VIEWPORTS.desktop });
    const visitorRequests = watchBeacon(next.context, beacon.url());
    const again = next.chat.getByRole('textbox', { name: 'Your question' });
    await again.fill(UNKNOWN);
    await again.press('Enter');
    await next.chat.getByText('5 business days', { exact: false }).filter({ visible: true }).last().waitFor();
    await next.chat.getByText('1 source').last().click();
    await next.chat.locator('details.sources strong', { hasText: UNKNOWN }).last().waitFor();
    const frame = next.page.frames().find((item) => item.url().includes('/widget/frame/'))!;
    expect(await frame.locator('body').innerText()).toContain('onerror');
    await expectNothingInjected(frame, 'the widget quoting an owner answer');
    await expectNothingInjected(next.page, 'the website around the widget');
    await saveScreenshot(next.page, 'widget-owner-answer-markup');

    // The owner's test chat renders the same answer through the app's Markdown.
    const test = await api<{ _id: string }>(owner, baseUrl, `/sparks/${spark._id}/tests`, { method: 'POST', body: { name: 'Shipping' } });
    await owner.goto(`${baseUrl}/spark/${spark._id}/test/${test._id}`);
    await send(owner, UNKNOWN);
    await owner.getByText('5 business days', { exact: false }).filter({ visible: true }).last().waitFor();
    await expectNothingInjected(owner, 'the test chat quoting an owner answer');
    await saveScreenshot(owner, 'test-chat-owner-answer-markup');
    expect([...ownerRequests, ...visitorRequests, ...beacon.hits]).toEqual([]);
    await next.context.close();
    await owner.close();
  });
});
