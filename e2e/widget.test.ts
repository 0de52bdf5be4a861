import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi as api, uploadHandbook, websiteServer } from './support/widget-site';

describe.skipIf(skipBrowserTests)('the website widget on another origin', () => {
  const product = useProductInBrowser();
  let tag = '';
  const website = websiteServer(() => tag);
  let allowed = '';
  let other = '';

  beforeAll(async () => {
    const port = await website.start();
    allowed = `http://127.0.0.1:${port}`;
    // The same website under another name is another origin, which the owner has not allowed.
    other = `http://localhost:${port}`;
  });
  afterAll(() => website.stop());

  async function visitor(browser: Browser, viewport: { width: number; height: number }) {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const warnings: string[] = [];
    const page = await context.newPage();
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    return { context, page, warnings };
  }

  it('answers a visitor from a document with its source, keeps the conversation across loads, and stays off elsewhere', async () => {
    const baseUrl = product.server().url;
    const { page: owner } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'widget', { bypassCSP: true });
    const spark = await api<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
    await uploadHandbook(owner, baseUrl, spark._id);

    // The owner allows the website in the Spark's deploy panel and takes the code from there.
    await owner.goto(`${baseUrl}/spark/${spark._id}`);
    await owner.getByTestId('deploy-button').click();
    const panel = owner.getByTestId('deploy-panel');
    await panel.getByText('The chat is off until you add a website').waitFor();
    await panel.getByLabel('Add a website').fill('not a website');
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await panel.getByRole('alert').getByText('Enter a website address').waitFor();
    await panel.getByLabel('Add a website').fill(allowed);
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await panel.getByRole('list', { name: 'Websites where it may appear' }).getByRole('listitem').filter({ hasText: allowed }).waitFor();
    tag = await panel.locator('pre code').first().innerText();
    expect(tag).toContain('data-spark="dpl_');
    // Copying the code and allowing the website complete their deploy steps.
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await panel.getByRole('button', { name: 'Copy code' }).first().click();
    await panel.getByRole('status').filter({ hasText: 'Copied' }).first().waitFor();
    const deploySteps = async () =>
      Object.fromEntries(
        (await api<Array<{ steps: Array<{ _id: string; status: string }> }>>(owner, baseUrl, '/objectives/deploy?lang=en'))[0]!.steps.map((step) => [
          step._id,
          step.status,
        ]),
      );
    await expect.poll(deploySteps).toMatchObject({ 'deploy:snippet': 'completed', 'deploy:domain': 'completed', 'deploy:live': 'pending' });
    // The live preview is the real chat, framed by the app itself.
    await panel.getByRole('button', { name: 'Try the widget here' }).click();
    const preview = owner.frameLocator('[data-testid="deploy-panel"] iframe');
    await preview.getByRole('dialog', { name: 'Spark Nuevo' }).waitFor();
    // Inline it is no modal: no close button, and focus is not held inside it.
    expect(await preview.getByRole('button', { name: 'Close chat' }).count()).toBe(0);
    await saveScreenshot(owner, 'deploy-panel-desktop');
    await panel.getByRole('button', { name: 'Hide the widget' }).click();
    // How long visitors' conversations are kept: "until deleted" until the owner picks a period, which is saved at once.
    const retention = panel.getByLabel('Delete what website visitors wrote after');
    expect(await retention.inputValue()).toBe('forever');
    await retention.selectOption('90');
    await panel.getByTestId('visitor-retention-summary').getByText('deleted 90 days after their last message', { exact: false }).waitFor();
    await expect
      .poll(async () => (await api<{ visitorRetentionDays: number | null }>(owner, baseUrl, `/sparks/${spark._id}/deploy`)).visitorRetentionDays)
      .toBe(90);
    await panel.getByTestId('visitor-retention').scrollIntoViewIfNeeded();
    await saveScreenshot(owner, 'deploy-retention-desktop');
    // The conversations export downloads as a file with its header row.
    const downloading = owner.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download CSV' }).click();
    const exported = await downloading;
    expect(exported.suggestedFilename()).toBe('spark-conversations-30-days.csv');
    expect(readFileSync((await exported.path())!, 'utf8')).toContain('conversationId,channel,time,role,text,citations');

    const { context, page, warnings } = await visitor(product.browser(), VIEWPORTS.desktop);
    await page.goto(allowed);
    const launcher = page.getByRole('button', { name: 'Open the chat with Spark Nuevo' });
    await launcher.click();
    const chat = page.frameLocator('sparks-widget iframe');
    await chat.getByRole('dialog', { name: 'Spark Nuevo' }).waitFor();
    await chat.getByText('Welcome to your new Spark').waitFor();
    const question = chat.getByRole('textbox', { name: 'Your question' });
    await expect.poll(() => question.evaluate((node) => node === document.activeElement)).toBe(true);
    await question.fill('How many days do I have to return a bicycle?');
    await question.press('Enter');
    await chat.getByText('30 days', { exact: false }).filter({ visible: true }).last().waitFor();
    await chat.getByText('1 source').click();
    await chat.getByText('handbook.md', { exact: false }).first().waitFor();
    await saveScreenshot(page, 'widget-answer-desktop');

    // Answers are inert text: markup from a document is shown, never run.
    await question.fill('What is the warranty on frames?');
    await question.press('Enter');
    await chat.getByText('<img src=x', { exact: false }).filter({ visible: true }).last().waitFor();
    const frame = page.frames().find((item) => item.url().includes('/widget/frame/'))!;
    expect(await frame.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await frame.locator('.log img, .log script, .log b').count()).toBe(0);
    expect(await seriousViolations(frame)).toEqual([]);

    // Escape closes the chat and gives focus back to the launcher; the JavaScript API opens it again.
    await question.press('Escape');
    await expect.poll(() => launcher.getAttribute('aria-expanded')).toBe('false');
    await page.evaluate(() => (window as unknown as { Sparks: { open(): void } }).Sparks.open());
    await expect.poll(() => launcher.getAttribute('aria-expanded')).toBe('true');

    // A new page load keeps the visitor's conversation.
    await page.reload();
    await page.getByRole('button', { name: 'Open the chat with Spark Nuevo' }).click();
    await page.frameLocator('sparks-widget iframe').getByText('How many days do I have to return a bicycle?').waitFor();
    expect(warnings, warnings.join('\n')).toEqual([]);

    // The owner finds the conversation in the panel, searches it and reads it.
    await owner.reload();
    await owner.getByTestId('deploy-button').click();
    await panel.getByRole('button', { name: /How many days do I have to return a bicycle\?.*4 messages/ }).waitFor();
    await panel.getByRole('searchbox', { name: 'Search the conversations' }).fill('nothing like this');
    await panel.getByText('No conversation mentions this.').waitFor();
    await panel.getByRole('searchbox', { name: 'Search the conversations' }).fill('warranty');
    await panel.getByRole('button', { name: /How many days do I have to return a bicycle\?/ }).click();
    await panel.getByRole('list', { name: 'Messages' }).getByText('What is the warranty on frames?').waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    expect(await deploySteps()).toMatchObject({ 'deploy:live': 'completed' });

    // The same page on a website the owner did not allow shows no widget, and says why in the console.
    const elsewhere = await visitor(product.browser(), VIEWPORTS.desktop);
    await elsewhere.page.goto(other);
    await expect.poll(() => elsewhere.warnings.join('\n')).toContain(`This assistant is not enabled on ${other}`);
    expect(await elsewhere.page.locator('sparks-widget').count()).toBe(0);
    await elsewhere.context.close();
    await context.close();
    await owner.close();
  });

  it('keeps its look on a page with hostile styles, opens from data-open, and fills a phone screen (mobile)', async () => {
    const baseUrl = product.server().url;
    const { page: owner } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.mobile, 'widget-mobile');
    const spark = await api<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
    const deployment = await api<{ snippet: string }>(owner, baseUrl, `/sparks/${spark._id}/deploy`, { method: 'PATCH', body: { allowedOrigins: [allowed] } });
    tag = deployment.snippet.replace(' async>', ' data-open async>');
    await owner.goto(`${baseUrl}/spark/${spark._id}`);
    await owner.getByTestId('deploy-button').click();
    await owner.getByTestId('deploy-panel').getByText(allowed).first().waitFor();
    await saveScreenshot(owner, 'deploy-panel-mobile');

    const { context, page } = await visitor(product.browser(), VIEWPORTS.mobile);
    await page.goto(`${allowed}/hostile`);
    const chat = page.frameLocator('sparks-widget iframe');
    await chat.getByRole('dialog', { name: 'Spark Nuevo' }).waitFor();
    const box = await page.locator('sparks-widget iframe').boundingBox();
    expect(box, JSON.stringify(box)).toMatchObject({ x: 0, y: 0, width: VIEWPORTS.mobile.width, height: VIEWPORTS.mobile.height });
    await saveScreenshot(page, 'widget-hostile-mobile');
    await chat.getByRole('button', { name: 'Close chat' }).click();
    const launcher = page.getByRole('button', { name: 'Open the chat with Spark Nuevo' });
    const bubble = await launcher.boundingBox();
    expect(bubble).toMatchObject({ width: 56, height: 56 });
    await saveScreenshot(page, 'widget-launcher-mobile');
    await context.close();
    await owner.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`lets the owner cap the widget's questions a day, and tells a visitor over the cap to come back tomorrow (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page: owner } = await signedInPage(baseUrl, product.browser(), viewport, `caps-${name}`, { bypassCSP: true });
      const spark = await api<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
      await uploadHandbook(owner, baseUrl, spark._id);
      const deployment = await api<{ snippet: string }>(owner, baseUrl, `/sparks/${spark._id}/deploy`, {
        method: 'PATCH',
        body: { allowedOrigins: [allowed] },
      });
      tag = deployment.snippet;

      await owner.goto(`${baseUrl}/spark/${spark._id}`);
      await owner.getByTestId('deploy-button').click();
      const panel = owner.getByTestId('deploy-panel');
      const perSpark = panel.getByLabel('Questions this Spark answers per day');
      expect(await perSpark.inputValue()).toBe('40');
      await perSpark.fill('0');
      await panel.getByRole('button', { name: 'Save limits' }).click();
      await panel.getByRole('alert').getByText('Enter whole numbers from 1 to 100000').waitFor();
      await perSpark.fill('1');
      await panel.getByRole('button', { name: 'Save limits' }).click();
      await panel.getByRole('status').filter({ hasText: 'Limits saved.' }).waitFor();
      const box = await perSpark.boundingBox();
      expect(box!.x + box!.width, 'the field fits the screen').toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(owner)).toEqual([]);

      const { context, page } = await visitor(product.browser(), viewport);
      await page.goto(allowed);
      await page.getByRole('button', { name: 'Open the chat with Spark Nuevo' }).click();
      const chat = page.frameLocator('sparks-widget iframe');
      const question = chat.getByRole('textbox', { name: 'Your question' });
      await question.fill('How many days do I have to return a bicycle?');
      await question.press('Enter');
      await chat.getByText('30 days', { exact: false }).filter({ visible: true }).last().waitFor();
      // The answer has finished streaming: the chat takes a new question only then.
      await expect.poll(() => question.getAttribute('aria-busy')).toBeNull();
      await question.fill('And with no receipt?');
      await question.press('Enter');
      await chat.getByText('This assistant has answered as many questions as it can today. Please come back tomorrow.').waitFor();
      await saveScreenshot(page, `widget-daily-cap-${name}`);
      await context.close();

      // The panel opened by its address, as the deploy assistant's links open it, on a page loaded anew.
      await owner.goto(`${baseUrl}/spark/${spark._id}?panel=deploy`);
      await panel.waitFor();
      const today = panel.getByRole('term').filter({ hasText: 'Questions today' }).locator('xpath=following-sibling::dd');
      await expect.poll(() => today.innerText()).toBe('1');
      await panel.getByText('Use and daily limits').scrollIntoViewIfNeeded();
      await saveScreenshot(owner, `deploy-caps-${name}`);
      // The end of the panel: what is kept, the visitor's conversation and the export.
      await panel.getByRole('button', { name: 'Download JSON' }).scrollIntoViewIfNeeded();
      await saveScreenshot(owner, `deploy-export-${name}`);
      await owner.close();
    });
  }

  it('keeps one conversation for the page, and says it will not be kept, where the browser refuses the chat its storage (desktop)', async () => {
    const baseUrl = product.server().url;
    const { page: owner } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'no-storage');
    const spark = await api<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
    await uploadHandbook(owner, baseUrl, spark._id);
    tag = (await api<{ snippet: string }>(owner, baseUrl, `/sparks/${spark._id}/deploy`, { method: 'PATCH', body: { allowedOrigins: [allowed] } })).snippet;

    const { context, page } = await visitor(product.browser(), VIEWPORTS.desktop);
    // Third-party storage blocked: the chat frame's storage throws, as browsers that block it do.
    await context.addInitScript(() => {
      if (location.pathname.startsWith('/widget/frame/')) {
        Object.defineProperty(window, 'localStorage', {
          configurable: true,
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }
    });
    await page.goto(allowed);
    await page.getByRole('button', { name: 'Open the chat with Spark Nuevo' }).click();
    const chat = page.frameLocator('sparks-widget iframe');
    await chat.getByText('the conversation ends when you leave the page', { exact: false }).waitFor();
    const question = chat.getByRole('textbox', { name: 'Your question' });
    for (const text of ['How many days do I have to return a bicycle?', 'And where does the refund go?']) {
      await question.fill(text);
      await question.press('Enter');
      await chat
        .getByText('This is what I found', { exact: false })
        .nth(text.startsWith('How') ? 0 : 1)
        .waitFor();
      await expect.poll(() => question.getAttribute('aria-busy')).toBeNull();
    }
    // Both questions went to one conversation, not one each.
    await expect
      .poll(async () =>
        (await api<Array<{ messages: number }>>(owner, baseUrl, `/sparks/${spark._id}/visitor-conversations`)).map((conversation) => conversation.messages),
      )
      .toEqual([4]);
    await saveScreenshot(page, 'widget-no-storage-desktop');
    await context.close();
    await owner.close();
  });
});
