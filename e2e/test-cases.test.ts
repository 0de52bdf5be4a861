import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi, send } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

const POLICY = ['# Velocita customer policy', '', '## Returns', 'Bicycles can be returned within 30 days of purchase with the receipt.'].join('\n');

async function api(page: Page, baseUrl: string, path: string, init: { method?: string; body?: FormData } = {}): Promise<Response> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  return fetch(`${baseUrl}/api/v1${path}`, { method: init.method ?? 'GET', headers: { authorization: `Bearer ${token}` }, ...(init.body ? { body: init.body } : {}) });
}

describe.skipIf(skipBrowserTests)('saved test cases', () => {
  const product = useProductInBrowser();

  it('saves a test chat as a case, sees it pass, and sees it fail with the reason once its document is gone', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'cases', { bypassCSP: true });
    const sparkId = await newSparkByApi(page, baseUrl);
    const form = new FormData();
    form.append('sparkId', sparkId);
    form.append('file', new Blob([POLICY], { type: 'text/markdown' }), 'policy.md');
    const uploaded = await api(page, baseUrl, '/bucket', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const documentId = ((await uploaded.json()) as { data: Array<{ _id: string }> }).data[0]!._id;
    await expect
      .poll(async () => ((await (await api(page, baseUrl, `/sparks/${sparkId}/documents`)).json()) as { data: Array<{ status: string }> }).data[0]?.status, { timeout: 30_000 })
      .toBe('ready');

    await page.goto(`${baseUrl}/spark/${sparkId}/test`);
    await page.getByRole('dialog', { name: 'No tests available' }).getByRole('button', { name: 'Understood' }).click();
    await page.getByRole('button', { name: 'Add a test' }).click();
    await page.waitForURL(new RegExp(`/spark/${sparkId}/test/[\\w-]+$`));
    await page.getByTestId('message-ai').first().waitFor();
    await send(page, 'Within how many days can bicycles be returned?');
    await page.getByTestId('message-ai').filter({ hasText: '30 days' }).last().waitFor({ timeout: 30_000 });

    // The dialog proposes what the chat showed: the question, the amount and the cited document.
    await page.getByTestId('save-test-case').click();
    const dialog = page.getByRole('dialog', { name: 'Save this chat as a test case' });
    await dialog.getByText('Within how many days can bicycles be returned?').waitFor();
    expect(await dialog.getByLabel('A good answer mentions').inputValue()).toBe('30 days');
    expect(await dialog.getByLabel('It should cite').inputValue()).toBe(documentId);
    await dialog.getByLabel('Name').fill('Returns window');
    await saveScreenshot(page, 'test-case-save-desktop');
    await dialog.getByRole('button', { name: 'Save test case' }).click();

    // Saving is a change: the case runs by itself and turns green.
    const panel = page.getByTestId('test-suite-panel');
    await panel.getByTestId('last-run').filter({ hasText: 'Last run: 1 of 1 passed' }).waitFor({ timeout: 30_000 });
    await panel.getByTestId('test-case').filter({ hasText: 'Returns window' }).getByText('Passed').waitFor();
    // A run asked for by hand shows its progress and ends green too.
    await panel.getByTestId('run-all-tests').click();
    await panel.getByTestId('last-run').filter({ hasText: 'Last run: 1 of 1 passed' }).waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // Without its document the case fails, and says why.
    expect((await api(page, baseUrl, `/sparks/${sparkId}/documents/${documentId}`, { method: 'DELETE' })).status).toBe(200);
    await panel.getByTestId('last-run').filter({ hasText: 'Last run: 0 of 1 passed' }).waitFor({ timeout: 30_000 });
    const failed = panel.getByTestId('test-case').filter({ hasText: 'Returns window' });
    await failed.getByText('Failed').waitFor();
    await failed.getByText("It should cite policy.md, which is no longer among the Spark's documents.").waitFor();
    await failed.getByRole('button', { name: 'Compare answers' }).click();
    const compare = failed.getByTestId('case-compare');
    await compare.getByText('Bicycles can be returned within 30 days', { exact: false }).waitFor();
    await panel.getByTestId('pass-rate-chart').waitFor();
    await saveScreenshot(page, 'test-cases-red-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await failed.getByText('Failed').waitFor();
    await saveScreenshot(page, 'test-cases-red-mobile');
    await page.keyboard.press('Escape');
    await page.getByTestId('test-suite-panel').waitFor({ state: 'hidden' });
    // The header keeps every action within a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await saveScreenshot(page, 'test-chat-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The deploy panel warns before the Spark goes to (or stays on) a website.
    await page.goto(`${baseUrl}/spark/${sparkId}?panel=deploy`);
    await page.getByTestId('deploy-panel').getByTestId('last-run-warning').getByText('The last run of the saved tests failed (1 of 1)', { exact: false }).waitFor();
    await saveScreenshot(page, 'deploy-tests-warning-desktop');
    await page.close();
  });
});
