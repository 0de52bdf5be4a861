import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

/** The share of the steps a panel lists that are ticked, as its ring would round it. */
async function tickedShare(panel: Locator): Promise<number> {
  const statuses = await panel.locator('[data-step-status]').evaluateAll((steps) => steps.map((step) => step.getAttribute('data-step-status')));
  expect(statuses.length).toBeGreaterThan(0);
  return Math.round((statuses.filter((status) => status === 'completed').length / statuses.length) * 100);
}

/** How many lines a button's label takes. */
const linesOf = (button: Locator) =>
  button.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
  });

describe.skipIf(skipBrowserTests)('onboarding and the tutorial', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const mobile = name === 'mobile';
    it(`goes from the onboarding chat through the tutorial to the new-spark assistant (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, 'onboarding', { bypassCSP: true });
      await page.goto(`${baseUrl}/onBoarding`);

      // The onboarding assistant's list and the static objectives; the ring says the share of the steps listed that are done.
      await page.getByText('Your first Spark, step by step').waitFor();
      if (mobile) await page.getByText('Objectives', { exact: true }).click();
      const objectives = page.getByTestId('objectives-panel');
      await objectives.getByText('Sparks information').waitFor();
      const share = await tickedShare(objectives);
      expect(share).toBe(33);
      expect(await objectives.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(share));
      expect(await objectives.getByRole('progressbar').innerText()).toContain(`${share}`);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `onboarding-${name}`);

      await page.getByRole('button', { name: 'Show me around' }).click();
      await page.waitForURL(/\/spark\/onboarding\?activateTutorial=true$/);
      const card = page.getByTestId('tutorial-card');
      const steps = mobile ? 8 : 5;
      await card.getByText(`Step 1 of ${steps}`).waitFor();
      await card.getByRole('heading', { name: "Your Spark's name" }).waitFor();

      // Each step points at the real element; the ones inside the dropdown or the drawer open it.
      await card.getByRole('button', { name: 'Next' }).click();
      await card.getByText(`Step 2 of ${steps}`).waitFor();
      await card.getByRole('button', { name: 'Next' }).click();
      if (mobile) {
        await card.getByRole('heading', { name: 'The menu button' }).waitFor();
        await card.getByRole('button', { name: 'Next' }).click();
        // Step 4: the drawer is held open behind the card, and the chat page is out of reach.
        // A still picture of the drawer: it takes no focus from the card (so Tab and Escape stay with the tutorial).
        const drawerMenu = page.locator('[data-tutorial="menu"]');
        await drawerMenu.getByText('Billing').waitFor();
        expect(await page.locator('main#main').getAttribute('inert')).not.toBeNull();
        await page.waitForTimeout(500);
        await saveScreenshot(page, 'tutorial-menu-mobile');
        for (const heading of ['Your Sparks', 'Your profile', 'New Spark']) {
          await card.getByRole('button', { name: 'Next' }).click();
          await card.getByRole('heading', { name: heading }).waitFor();
        }
        // Back at the chat: the drawer closed with its step.
        await expect.poll(() => drawerMenu.count()).toBe(0);
        await card.getByRole('button', { name: 'Next' }).click();
        await card.getByText('Step 8 of 8').waitFor();
      } else {
        // Step 3: the profile dropdown is held open, the card beside it.
        await card.getByRole('heading', { name: 'Your profile menu' }).waitFor();
        const heldMenu = page.locator('[data-tutorial="profile-menu"]');
        await heldMenu.getByText('Modify profile').waitFor();
        // Focus stays in the card while the menu is shown.
        expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="tutorial-card"]') !== null)).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, 'tutorial-profile-desktop');
        await card.getByRole('button', { name: 'Back' }).click();
        await card.getByText('Step 2 of 5').waitFor();
        await expect.poll(() => heldMenu.count()).toBe(0);
        await card.getByRole('button', { name: 'Next' }).click();
        await card.getByRole('button', { name: 'Next' }).click();
        await card.getByRole('heading', { name: 'You' }).waitFor();
        await card.getByRole('button', { name: 'Next' }).click();
        await card.getByRole('heading', { name: 'The menu' }).waitFor();
      }

      // The end leads on to the new-spark assistant, from a button whose label keeps to one line.
      const create = card.getByRole('button', { name: 'Create my first Spark' });
      expect(await linesOf(create)).toBe(1);
      await saveScreenshot(page, `tutorial-last-${name}`);
      // The tutorial's ring agrees with the steps its panel lists.
      const ring = page.locator('[data-tutorial="objectives"] > span').first();
      expect(await ring.innerText()).toBe(String(share));
      await create.click();
      await page.waitForURL(/\/new-spark$/);
      await page.getByText('what should it be called?').waitFor();
      expect(await page.getByTestId('tutorial-card').count()).toBe(0);
      await page.close();
    });
  }

  it('skips the tutorial with Escape, even while it shows the profile menu, and goes home (desktop)', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'tutorial');
    await page.goto(`${baseUrl}/spark/onboarding?activateTutorial=true&deactivateSpark=true`);
    const card = page.getByTestId('tutorial-card');
    await card.getByRole('button', { name: 'Next' }).click();
    await card.getByRole('button', { name: 'Next' }).click();
    await page.locator('[data-tutorial="profile-menu"]').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="tutorial-card"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('activeSparkId'))).toBeNull();
    await page.close();
  });
});
