import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fake-model-server';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { newSpark, newSparkByApi, send, testAction } from './support/chat-actions';
import { signedInPage } from './support/signed-in-page';

async function sparkOf(page: Page, baseUrl: string, sparkId: string) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await fetch(`${baseUrl}/api/v1/sparks`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await response.json()) as { data: Array<{ _id: string; name: string; options: { sysPrompt: string } }> };
  return data.find((spark) => spark._id === sparkId);
}

async function uploadReady(page: Page, baseUrl: string, sparkId: string, name: string, text: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('sparkId', sparkId);
  form.append('file', new Blob([text], { type: 'text/markdown' }), name);
  expect((await fetch(`${baseUrl}/api/v1/bucket`, { method: 'POST', headers, body: form })).status).toBe(201);
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${baseUrl}/api/v1/sparks/${sparkId}/documents`, { headers })).json()) as { data: Array<{ status: string }> }).data[0]?.status,
      { timeout: 30_000 },
    )
    .toBe('ready');
}

describe.skipIf(skipBrowserTests)('shaping and testing a Spark by chat, offline', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const mobile = name === 'mobile';
    it(`answers the builder's questions, tests the Spark and reports an unsatisfactory test (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, 'chat');
      const sparkId = await newSpark(page, mobile);

      // A Spark with no messages starts its builder conversation by itself.
      await page.getByText('What is this Spark for?').waitFor();
      await send(page, 'Answering questions about bicycle returns: returns are accepted within 30 days with the receipt.');
      await page.getByText('Who will talk to it?').waitFor();
      await send(page, 'Customers of our shop');
      await page.getByRole('button', { name: 'Friendly' }).click();
      await page.getByText('Done! I wrote its instructions').waitFor();
      await expect.poll(async () => (await sparkOf(page, baseUrl, sparkId))?.options.sysPrompt).toContain('Tone: Friendly');
      await page.getByText('You talk with: Customers of our shop').waitFor();
      await saveScreenshot(page, `builder-chat-${name}`);
      // Instructions shape answers but are never knowledge: the answer below comes from this document.
      await uploadReady(page, baseUrl, sparkId, 'returns.md', '# Returns\n\nBicycle returns are accepted within 30 days with the receipt.\n');

      // The assistant creates a test and links to it; the test chat opens with the welcome message.
      await page.getByRole('button', { name: 'Create a test' }).last().click();
      await page.getByRole('button', { name: 'Open the test' }).click();
      await page.waitForURL(new RegExp(`/spark/${sparkId}/test/[\\w-]+$`));
      await page.getByText('Bienvenido a tu nuevo Spark').waitFor();
      await send(page, 'How many days do I have to return a bike?');
      await page.getByText('returns are accepted within 30 days with the receipt', { exact: false }).filter({ visible: true }).last().waitFor();
      await page.getByRole('button', { name: 'Source 1' }).first().click();
      await page.getByText('returns.md').last().waitFor();
      await saveScreenshot(page, `test-chat-${name}`);
      await page.keyboard.press('Escape');

      // Not satisfactory: the test goes, and the builder asks what went wrong, then fixes the instructions.
      const progress = async () => Number(/(\d+)% done/.exec((await page.getByTestId('objectives-button').first().textContent()) ?? '')?.[1] ?? 0);
      const before = await progress();
      expect(before).toBeGreaterThan(0);
      await testAction(page, 'Finish test');
      await page.getByRole('dialog', { name: 'Was the test satisfactory?' }).getByRole('button', { name: 'No' }).click();
      await page.waitForURL(new RegExp(`/spark/${sparkId}$`));
      await page.getByText('What was wrong with the answer?').waitFor();
      // What happened in the test stays done: the deleted test takes no progress with it.
      await expect.poll(progress, { timeout: 15_000 }).toBeGreaterThanOrEqual(before);
      await send(page, 'It should mention that store credit is offered after 30 days.');
      await page.getByText('I added your correction').waitFor();
      await expect.poll(async () => (await sparkOf(page, baseUrl, sparkId))?.options.sysPrompt).toContain('store credit is offered after 30 days');
      await page.close();
    });
  }
});

describe.skipIf(skipBrowserTests)('streaming answers from a configured model', () => {
  let fake: FakeModelServer;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeModelServer({
      respond: (request) =>
        request.tools?.length
          ? { text: 'Hello from the builder.' }
          : { text: 'Returns are accepted within thirty days of purchase, with the receipt [1].', chunkSize: 6, delayMs: 120 },
    });
    Object.assign(env, { LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-model' });
  });
  afterAll(async () => fake.close());
  const product = useProductInBrowser(env);

  it('shows the answer growing as the model writes it, then its source', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'stream');
    const sparkId = await newSparkByApi(page, baseUrl);
    await page.getByText('Hello from the builder.').waitFor();
    await page.getByRole('link', { name: 'Tests' }).last().click();
    await page.getByRole('dialog', { name: 'No tests available' }).getByRole('button', { name: 'Understood' }).click();
    await page.getByRole('button', { name: 'Add a test' }).click();
    await page.waitForURL(new RegExp(`/spark/${sparkId}/test/[\\w-]+$`));
    await page.getByText('Bienvenido a tu nuevo Spark').waitFor();
    await send(page, 'Can I return a bike?');

    // Part of the answer is on screen while the rest is still being written.
    const partial = page.getByText(/^Returns are accepted(?! within thirty days of purchase, with the receipt)/);
    await partial.first().waitFor({ timeout: 5_000 });
    await page.getByText('Returns are accepted within thirty days of purchase, with the receipt').waitFor();
    await page.getByRole('button', { name: 'Source 1' }).waitFor();
    await page.close();
  });
});
