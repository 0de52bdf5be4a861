import type { Page } from 'playwright-core';

/** Chooses Español from the language menu, in the sidebar or the phone's drawer, as a user does. */
export async function chooseSpanish(page: Page, mobile: boolean): Promise<void> {
  if (mobile) await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('button', { name: /change language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await page.getByRole('link', { name: 'Ajustes' }).first().waitFor();
  if (mobile) await page.keyboard.press('Escape');
}
