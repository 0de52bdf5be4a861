import type { Page } from 'playwright-core';

/** Types into the chat's message box and sends with Enter, as a user does. */
export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/**
 * Creates a Spark as a user does: from the main menu (the drawer on mobile) the new-spark
 * assistant asks its name; once it is created, its entry in the sidebar opens it. Answers its id.
 */
export async function newSpark(page: Page, mobile: boolean, name = 'Spark Nuevo'): Promise<string> {
  const openSidebar = async () => {
    if (mobile) await page.getByRole('button', { name: 'Open the menu' }).click();
  };
  await openSidebar();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'New Spark' }).click();
  await page.getByText('what should it be called?').last().waitFor();
  await send(page, name);
  await page.getByText('is created').last().waitFor();
  // Several Sparks may share the name: open the one just created, by its entry in the sidebar.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await fetch(`${new URL(page.url()).origin}/api/v1/sparks`, { headers: { authorization: `Bearer ${token}` } });
  const newest = ((await response.json()) as { data: Array<{ _id: string; name: string }> }).data[0]!;
  if (newest.name !== name) throw new Error(`the newest Spark is "${newest.name}", not "${name}"`);
  await openSidebar();
  await page
    .getByRole('link', { name, exact: true })
    .and(page.locator(`[href="/spark/${newest._id}"]`))
    .click();
  await page.waitForURL(new RegExp(`/spark/${newest._id}$`));
  return newest._id;
}

/** Creates a Spark through the API with the page's session and opens it (for tests about something else than creating). */
export async function newSparkByApi(page: Page, baseUrl: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await fetch(`${baseUrl}/api/v1/sparks`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { data } = (await response.json()) as { data: { _id: string } };
  await page.goto(`${baseUrl}/spark/${data._id}`);
  return data._id;
}

/** Opens the Spark's tests screen, dismisses the "No tests available" notice and adds the first test chat, ready for a question. */
export async function openFirstTestChat(page: Page, baseUrl: string, sparkId: string): Promise<void> {
  await page.goto(`${baseUrl}/spark/${sparkId}/test`);
  await page.getByRole('dialog', { name: 'No tests available' }).getByRole('button', { name: 'Understood' }).click();
  await page.getByRole('button', { name: 'Add a test' }).click();
  await page.waitForURL(new RegExp(`/spark/${sparkId}/test/[\\w-]+$`));
  await page.getByTestId('message-ai').first().waitFor();
}

/** Chooses one of the test chat's header actions: its button, or on a phone the entry of its "More test actions" menu. */
export async function testAction(page: Page, name: string): Promise<void> {
  const button = page.getByTestId('chat-header').getByRole('button', { name, exact: true });
  if (await button.isVisible()) return button.click();
  await page.getByRole('button', { name: 'More test actions' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}
