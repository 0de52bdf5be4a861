import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../apps/server/test/document-fixtures';
import { startFakeMicrosoft, type FakeMicrosoft } from '../test/support/fake-microsoft';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, launchBrowser, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi, openFirstTestChat, send } from './support/chat-actions';
import { signedInPage } from './support/signed-in-page';
import { startServer, type RunningServer } from './support/start-server';

/** Puts the page's account on the zaphire plan the way a customer would: the test checkout, paid with the test card. */
async function buyZaphire(page: Page, baseUrl: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const profile = (await (await fetch(`${baseUrl}/api/v1/account/profile`, { headers })).json()) as { data: { tenants: Array<{ customerId: string }> } };
  const customerId = profile.data.tenants[0]!.customerId;
  const session = await fetch(`${baseUrl}/api/v1/billing/customers/${customerId}/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mode: 'subscription', priceId: 'price_zaphire' }),
  });
  const { data } = (await session.json()) as { data: { sessionUrl: string } };
  await page.goto(data.sessionUrl);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on the card').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();
  await page.waitForURL(/\/billing\?checkout=success$/);
  await expect.poll(() => page.getByTestId('plan-label').innerText()).toBe('zaphire');
}

describe.skipIf(skipBrowserTests)('a SharePoint library as a Spark’s documents', () => {
  let ms: FakeMicrosoft;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ms = await startFakeMicrosoft();
    ms.addFile({
      name: 'Returns.pdf',
      bytes: await makePdf([{ heading: 'Returns', paragraphs: ['Bicycles can be returned within 45 days of purchase with the receipt.'] }]),
      folder: 'Policies',
    });
    ms.addFile({
      name: 'Warranty.docx',
      bytes: await makeDocx([{ heading: 'Warranty' }, { paragraph: 'Every frame carries a lifetime warranty against manufacturing defects.' }]),
      folder: 'Policies',
    });
    ms.addFile({
      name: 'Shipping.pdf',
      bytes: await makePdf([{ heading: 'Shipping', paragraphs: ['Orders ship within two working days from the Lisbon warehouse.'] }]),
      folder: 'Policies/2026',
    });
    ms.addFile({ name: 'Pricing.pdf', bytes: await makePdf([{ paragraphs: ['Internal price list.'] }]), folder: 'Sales' });
    server = await startServer({
      env: { MICROSOFT_CLIENT_ID: ms.clientId, MICROSOFT_CLIENT_SECRET: ms.clientSecret, MICROSOFT_AUTHORITY: ms.authority, GRAPH_BASE_URL: ms.graphUrl },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await ms?.close();
  });

  it('a zaphire user connects in a new window, picks a folder, sees three files read and gets an answer citing one', async () => {
    const { page } = await signedInPage(server.url, browser, VIEWPORTS.desktop, 'library', { bypassCSP: true });
    await buyZaphire(page, server.url);
    const sparkId = await newSparkByApi(page, server.url);
    await page.getByTestId('message-ai').first().waitFor();

    await page.getByTestId('attach-button').click();
    await page.getByRole('menuitem', { name: /From SharePoint/ }).click();
    const panel = page.getByTestId('sharepoint-panel');
    await panel.getByText('Connect a SharePoint document library').waitFor();
    await saveScreenshot(page, 'sharepoint-connect-desktop');

    // Microsoft's window opens, comes back to the Spark, hands over to this tab and closes.
    const [popup] = await Promise.all([page.context().waitForEvent('page'), panel.getByTestId('sharepoint-connect').click()]);
    await popup.waitForEvent('close', { timeout: 15_000 });
    await panel.getByText('Connected as ada@contoso.example').waitFor();
    expect(page.url()).toBe(`${server.url}/spark/${sparkId}`);
    // product.md §2: the return asks the builder chat for documents from the library.
    await page.getByTestId('message-human').filter({ hasText: 'SharePoint is connected' }).waitFor();
    await page.getByRole('button', { name: 'Choose folders' }).waitFor();

    await panel.getByRole('button', { name: 'Contoso Policies' }).click();
    await panel.getByRole('button', { name: 'Documents', exact: true }).click();
    await panel.getByRole('checkbox', { name: 'Policies' }).check();
    await panel.getByRole('button', { name: 'Open Policies' }).click();
    await panel.getByText('Everything in Policies (2 files here)').waitFor();
    await panel.getByText('2026').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'sharepoint-picker-desktop');
    await panel.getByRole('button', { name: 'Import 1 folder' }).click();

    const files = panel.getByTestId('sharepoint-files');
    await expect.poll(async () => await files.getByText('Ready').count(), { timeout: 30_000 }).toBe(3);
    for (const name of ['Returns.pdf', 'Warranty.docx', 'Shipping.pdf']) await files.getByText(name).waitFor();
    expect(await files.getByText('Pricing.pdf').count()).toBe(0);
    await panel.getByText('Last sync: 3 added, 0 updated, 0 removed.').waitFor();
    await saveScreenshot(page, 'sharepoint-synced-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await files.getByText('Shipping.pdf').waitFor();
    await saveScreenshot(page, 'sharepoint-synced-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);

    // A test chat answers from an imported file and cites it.
    await openFirstTestChat(page, server.url, sparkId);
    await send(page, 'Which warranty do the frames carry?');
    const answer = page.getByTestId('message-ai').filter({ hasText: 'lifetime warranty' }).last();
    await answer.waitFor({ timeout: 30_000 });
    await answer
      .getByRole('button', { name: /^Source \d+$/ })
      .first()
      .click();
    await page.getByTestId('citation-dialog').getByText('Warranty.docx').waitFor();
    await page.close();
  });

  it('on a phone the panel fills the screen; a trial user is not offered the library', async () => {
    const { page } = await signedInPage(server.url, browser, VIEWPORTS.mobile, 'trial');
    await newSparkByApi(page, server.url);
    await page.getByTestId('message-ai').first().waitFor();
    await page.getByTestId('attach-button').click();
    await page
      .getByRole('menuitem', { name: /Document/ })
      .first()
      .waitFor();
    expect(await page.getByRole('menuitem', { name: /From SharePoint/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // The panel is reachable by its address too; it explains the plan instead of connecting.
    await page.goto(`${page.url()}?panel=sharepoint`);
    const panel = page.getByTestId('sharepoint-panel');
    await panel.getByText('Document-library connections come with the zaphire plan.').waitFor();
    const box = await panel.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(VIEWPORTS.mobile.width - 1);
    await saveScreenshot(page, 'sharepoint-plan-mobile');
    // The plans popup offers zaphire beside the spec's plans when the library connection asks for it.
    await panel.getByRole('button', { name: 'View plans' }).click();
    const plans = page.getByRole('dialog', { name: 'Choose your plan' });
    await plans.getByTestId('plan-zaphire').getByRole('button', { name: 'Upgrade to zaphire' }).waitFor();
    await plans.getByTestId('plan-emerald').waitFor();
    await page.close();
  });
});
