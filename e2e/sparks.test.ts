import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { newSpark, send } from './support/chat-actions';
import { signedInPage as openSignedIn } from './support/signed-in-page';

describe.skipIf(skipBrowserTests)('managing Sparks and their tests', () => {
  const product = useProductInBrowser();

  const signedInPage = async (viewport: { width: number; height: number }): Promise<Page> =>
    (await openSignedIn(product.server().url, product.browser(), viewport, 'sparks')).page;

  /** Opens the sidebar on a phone (a drawer) and leaves it as it is on a desktop. */
  async function sidebar(page: Page, mobile: boolean): Promise<void> {
    if (mobile) await page.getByRole('button', { name: 'Open the menu' }).click();
  }

  const createSpark = async (page: Page, mobile: boolean): Promise<void> => void (await newSpark(page, mobile));

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const mobile = name === 'mobile';
    it(`creates, pins, renames, pages and deletes Sparks and manages tests (${name})`, async () => {
      const page = await signedInPage(viewport);
      for (let i = 0; i < 3; i += 1) await createSpark(page, mobile);

      // Rename the current Spark inline: Escape restores, Enter saves.
      const title = page.getByRole('textbox', { name: 'Spark name' });
      await title.fill('Throwaway');
      await title.press('Escape');
      await expect.poll(() => title.inputValue()).toBe('Spark Nuevo');
      await title.fill('Support bot');
      await title.press('Enter');
      await sidebar(page, mobile);
      const sidebarRegion = mobile ? page.getByRole('dialog') : page.getByRole('complementary');
      await sidebarRegion.getByRole('link', { name: 'Support bot' }).waitFor();

      // Pin two Sparks, each once the list shows the one before: a pin re-sorts the list, and a menu opened on the
      // row that has just moved would offer "Unpin" (hence the exact name).
      const actions = sidebarRegion.getByRole('button', { name: /^Actions for/ });
      const pinned = sidebarRegion.getByRole('region', { name: 'Pinned' }).getByRole('button', { name: /^Actions for/ });
      await actions.nth(0).click();
      await page.getByRole('menuitem', { name: 'Pin', exact: true }).click();
      await expect.poll(() => pinned.count()).toBe(1);
      await actions.nth(1).click();
      await page.getByRole('menuitem', { name: 'Pin', exact: true }).click();
      await expect.poll(() => pinned.count()).toBe(2);
      await expect.poll(() => sidebarRegion.getByRole('heading', { name: 'Pinned' }).count()).toBe(1);
      await saveScreenshot(page, `sparks-sidebar-${name}`);

      // Delete one, which only works after typing Borrar exactly.
      await actions.nth(2).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: /^Delete/ });
      const confirm = dialog.getByRole('button', { name: 'Delete' });
      await dialog.getByRole('textbox').fill('borrar');
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByRole('textbox').fill('Borrar');
      await confirm.click();
      await expect.poll(() => sidebarRegion.getByRole('button', { name: /^Actions for/ }).count()).toBe(2);
      if (mobile) await page.keyboard.press('Escape');

      // Tests: up to five, then the spec's alert; delete one by typing its name.
      await page.goto(`${product.server().url}/`);
      await page.getByRole('link', { name: /^Go to / }).click();
      await page.getByRole('link', { name: 'Tests' }).last().click();
      await page.getByRole('dialog', { name: 'No tests available' }).getByRole('button', { name: 'Understood' }).click();
      for (let i = 0; i < 5; i += 1) {
        await page.getByRole('button', { name: 'Add a test' }).click();
        await expect.poll(() => page.getByRole('navigation', { name: 'Tests' }).getByRole('link').count()).toBe(i + 1);
      }
      await page.getByRole('button', { name: 'Add a test' }).click();
      await page.getByText("You can't add more than 5 tests").waitFor();
      await expect.poll(() => page.getByTestId('chat-header').getAttribute('class')).toContain('bg-test');
      await saveScreenshot(page, `tests-${name}`);

      await page.getByRole('button', { name: 'Delete test Test 5' }).click();
      const testDialog = page.getByRole('dialog', { name: /^Delete the test/ });
      await testDialog.getByRole('textbox').fill('Test 4');
      expect(await testDialog.getByRole('button', { name: 'Delete test' }).isDisabled()).toBe(true);
      await testDialog.getByRole('textbox').fill('Test 5');
      await testDialog.getByRole('button', { name: 'Delete test' }).click();
      await expect.poll(() => page.getByRole('navigation', { name: 'Tests' }).getByRole('link').count()).toBe(4);
      await page.close();
    });
  }

  it('keeps a rename when a list refresh that began before it lands after it', async () => {
    const page = await signedInPage(VIEWPORTS.desktop);
    await createSpark(page, false);
    const title = page.getByRole('textbox', { name: 'Spark name' });
    await expect.poll(() => title.inputValue()).toBe('Spark Nuevo');
    // Hold every list response for a while: a refresh fetched before the rename answers after it, with the old name.
    await page.route('**/api/v1/sparks', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fulfill({ response });
    });
    // A builder turn refreshes the list when it ends (its tools may have changed the Spark).
    const turn = page.waitForResponse((response) => response.url().includes('/api/v1/llm/chat') && response.request().method() === 'POST');
    await send(page, 'Hello');
    await turn;
    const refresh = page.waitForResponse((response) => response.url().endsWith('/api/v1/sparks') && response.request().method() === 'GET');
    await title.fill('Renamed during a refresh');
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await title.press('Enter');
    expect((await saved).status()).toBe(200);
    await refresh.catch(() => undefined);
    await page.waitForTimeout(2_000);
    await page.getByRole('complementary').getByRole('link', { name: 'Renamed during a refresh' }).waitFor();
    expect(await title.inputValue()).toBe('Renamed during a refresh');
    await page.unroute('**/api/v1/sparks');
    await page.context().close();
  });

  it('explains a failed rename in the error dialog and drops the Spark that no longer exists', async () => {
    const page = await signedInPage(VIEWPORTS.desktop);
    await createSpark(page, false);
    const sparkId = page.url().split('/').pop()!;
    // Let the builder's greeting arrive first, so the rename is the first call to meet the deletion.
    await page.getByTestId('message-ai').first().waitFor();
    await page.waitForLoadState('networkidle');
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const listUrl = `${product.server().url}/api/v1/sparks`;
    const stale = await (await fetch(listUrl, { headers: { authorization: `Bearer ${token}` } })).json();
    // Deleted elsewhere (another tab), this tab has not heard yet: until the rename goes out, any
    // refresh of its list (a turn's end landing late on a busy machine) still shows the Spark.
    let renameSent = false;
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith(`/api/v1/sparks/${sparkId}`)) renameSent = true;
    });
    await page.route(listUrl, (route) => (route.request().method() === 'GET' && !renameSent ? route.fulfill({ json: stale }) : route.fallback()));
    const removed = await fetch(`${listUrl}/${sparkId}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(removed.status).toBe(200);
    const title = page.getByRole('textbox', { name: 'Spark name' });
    await title.fill('Renamed too late');
    await title.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await dialog.getByText('Spark not found').waitFor();
    await dialog.getByRole('button', { name: 'Understood' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('complementary').getByText('No Sparks yet. Create your first one.').waitFor();
    await page.close();
  });

  it('shows the profile dropdown of the spec and remembers the active Spark in storage and a cookie', async () => {
    const page = await signedInPage(VIEWPORTS.desktop);
    await createSpark(page, false);
    const sparkId = page.url().split('/').pop()!;
    await expect.poll(() => page.evaluate(() => localStorage.getItem('activeSparkId'))).toBe(sparkId);
    await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'activeSparkId')?.value).toBe(sparkId);
    await expect.poll(() => page.getByTestId('chat-header').getAttribute('class')).toContain('bg-secondary');

    const sidebar = page.getByRole('complementary');
    await expect.poll(() => sidebar.getByTestId('plan-label').textContent()).toBe('Free Trial');
    await sidebar.getByTestId('plan-label').click();
    await page.getByRole('menuitem', { name: 'Modify profile' }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => page.getByTestId('chat-header').getAttribute('class')).toContain('bg-primary');
    await sidebar.getByTestId('plan-label').click();
    await page.getByRole('menuitem', { name: 'Start a plan' }).click();
    await page.waitForURL(/\/billing$/);
    await sidebar.getByTestId('plan-label').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth$/);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'activeSparkId')).toBeUndefined();
    await page.close();
  });

  it('pages the recents by window height', async () => {
    const page = await signedInPage({ width: 1280, height: 700 });
    for (let i = 0; i < 5; i += 1) await createSpark(page, false);
    const recents = page.getByRole('navigation', { name: 'Recent Sparks pages' });
    await recents.getByText('Page 1 of 3').waitFor();
    await recents.getByRole('button', { name: 'Next' }).click();
    await recents.getByText('Page 2 of 3').waitFor();
    await recents.getByRole('button', { name: 'Next' }).click();
    await recents.getByText('Page 3 of 3').waitFor();
    expect(await recents.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // product.md §4: the list is busy until its data-load status settles to success, a second after the data.
    await page.locator('[data-load-status="success"][aria-busy="false"]').waitFor();
    await page.close();
  });
});
