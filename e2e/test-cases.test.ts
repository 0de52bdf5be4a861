import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VELOCITA_POLICY } from '../apps/server/test/document-fixtures';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi, openFirstTestChat, send } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

async function api(page: Page, baseUrl: string, path: string, init: { method?: string; body?: FormData | object } = {}): Promise<Response> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const json = init.body && !(init.body instanceof FormData);
  return fetch(`${baseUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: json ? JSON.stringify(init.body) : (init.body as FormData) } : {}),
  });
}

/** A signed-in owner with a Spark whose policy document is ready, on its test screen with a new test chat open. */
async function sparkWithPolicy(baseUrl: string, page: Page): Promise<{ sparkId: string; documentId: string }> {
  const sparkId = await newSparkByApi(page, baseUrl);
  const form = new FormData();
  form.append('sparkId', sparkId);
  form.append('file', new Blob([new Uint8Array(VELOCITA_POLICY)], { type: 'text/markdown' }), 'policy.md');
  const uploaded = await api(page, baseUrl, '/bucket', { method: 'POST', body: form });
  expect(uploaded.status).toBe(201);
  const documentId = ((await uploaded.json()) as { data: Array<{ _id: string }> }).data[0]!._id;
  await expect
    .poll(async () => ((await (await api(page, baseUrl, `/sparks/${sparkId}/documents`)).json()) as { data: Array<{ status: string }> }).data[0]?.status, {
      timeout: 30_000,
    })
    .toBe('ready');
  await openFirstTestChat(page, baseUrl, sparkId);
  return { sparkId, documentId };
}

describe.skipIf(skipBrowserTests)('saved test cases', () => {
  const product = useProductInBrowser();

  it('saves a test chat as a case, sees it pass, and sees it fail with the reason once its document is gone', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'cases', { bypassCSP: true });
    const { sparkId, documentId } = await sparkWithPolicy(baseUrl, page);
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
    await page
      .getByTestId('deploy-panel')
      .getByTestId('last-run-warning')
      .getByText('The last run of the saved tests failed (1 of 1)', { exact: false })
      .waitFor();
    await saveScreenshot(page, 'deploy-tests-warning-desktop');
    await page.close();
  });

  it('keeps a three-question chat with a check on its first answer, and names the question and the case that fail', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'three-questions', { bypassCSP: true });
    const { sparkId } = await sparkWithPolicy(baseUrl, page);
    const questions = ['Within how many days can bicycles be returned?', 'What warranty do the frames carry?', 'Do I need the receipt to return a bicycle?'];
    for (const [index, question] of questions.entries()) {
      await send(page, question);
      await expect.poll(async () => page.getByTestId('message-ai').count(), { timeout: 30_000 }).toBe(index + 2);
      await page.getByRole('textbox', { name: 'Message' }).and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
    }

    // Every question is listed with its own answer; the amount the first answer stated is proposed for the first question only.
    await page.getByTestId('save-test-case').click();
    const dialog = page.getByRole('dialog', { name: 'Save this chat as a test case' });
    const turns = dialog.getByTestId('case-turn');
    await turns.first().waitFor();
    expect(await turns.count()).toBe(3);
    for (const [index, question] of questions.entries()) await turns.nth(index).getByText(question).waitFor();
    const first = turns.nth(0);
    expect(await first.getByLabel('Check this answer').isChecked()).toBe(true);
    expect(await first.getByLabel('A good answer mentions').inputValue()).toBe('30 days');
    await turns.nth(1).getByText('The answer it got').click();
    await turns.nth(1).getByText('lifetime warranty', { exact: false }).waitFor();
    // Only the first answer is checked: the later ones are asked but not judged.
    for (const index of [1, 2])
      if (await turns.nth(index).getByLabel('Check this answer').isChecked()) await turns.nth(index).getByLabel('Check this answer').uncheck();
    await first.getByLabel('A good answer mentions').fill('30 days\nreceipt');
    await dialog.getByLabel('Name').fill('Returns, warranty, receipt');
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'test-case-three-questions-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    for (const field of [first.getByLabel('A good answer mentions'), first.getByLabel('It should cite')]) {
      const fieldBox = await field.boundingBox();
      expect(fieldBox!.x + fieldBox!.width).toBeLessThanOrEqual(box!.x + box!.width);
    }
    await saveScreenshot(page, 'test-case-three-questions-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);
    await dialog.getByRole('button', { name: 'Save test case' }).click();

    // The first answer meets its check although the later answers never mention the window.
    const panel = page.getByTestId('test-suite-panel');
    const testCase = panel.getByTestId('test-case').filter({ hasText: 'Returns, warranty, receipt' });
    await testCase.getByText('Passed').waitFor({ timeout: 30_000 });
    await testCase.getByText('3 questions').waitFor();

    // A check on the second answer that it does not meet fails that question, by number and words.
    const [saved] = ((await (await api(page, baseUrl, `/sparks/${sparkId}/test-cases`)).json()) as { data: Array<{ _id: string }> }).data;
    const patched = await api(page, baseUrl, `/sparks/${sparkId}/test-cases/${saved!._id}`, {
      method: 'PATCH',
      body: {
        checks: [
          { turn: 0, mustInclude: ['30 days'] },
          { turn: 1, mustInclude: ['ten-year'] },
        ],
      },
    });
    expect(patched.status).toBe(200);
    await panel.getByTestId('run-all-tests').click();
    await testCase.getByText('Failed').waitFor({ timeout: 30_000 });
    await testCase.getByTestId('failed-question').getByText(`Question 2: ${questions[1]}`).waitFor();
    await testCase.getByText('The answer does not mention “ten-year”.').waitFor();
    await testCase.getByRole('button', { name: 'Compare answers' }).click();
    await testCase.getByTestId('case-compare').getByText(`Answers to question 2: ${questions[1]}`).waitFor();
    await saveScreenshot(page, 'test-case-failed-question-desktop');

    // The deploy panel names the failing case.
    await page.goto(`${baseUrl}/spark/${sparkId}?panel=deploy`);
    await page.getByTestId('deploy-panel').getByTestId('failing-cases').getByText('Failing: “Returns, warranty, receipt”.').waitFor();
    await page.close();
  });
});
