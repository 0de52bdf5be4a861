import type { Page } from 'playwright-core';

/** Types into the chat's message box and sends with Enter, as a user does. */
export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** Creates a Spark from the main menu (opening the drawer on mobile) and answers its id. */
export async function newSpark(page: Page, mobile: boolean): Promise<string> {
  if (mobile) await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'New Spark' }).click();
  await page.getByRole('button', { name: 'Create a Spark' }).click();
  await page.waitForURL(/\/spark\/[\w-]+$/);
  return page.url().split('/').pop()!;
}
