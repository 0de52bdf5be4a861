import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { send, testAction } from './support/chat-actions';
import { chooseSpanish } from './support/choose-spanish';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

async function apiGet<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await fetch(`${baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: T }).data;
}

describe.skipIf(skipBrowserTests)('the guiding system assistant', () => {
  const product = useProductInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const mobile = name === 'mobile';
    it(`creates a Spark entirely through the new-spark assistant, by cards and typed answers (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, 'assistant');
      if (mobile) await page.getByRole('link', { name: 'New Spark' }).last().click();
      else await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'New Spark' }).click();

      // An open question shows the input; the Spark exists and is listed as soon as it is named.
      await page.getByText('what should it be called?').waitFor();
      await saveScreenshot(page, `new-spark-start-${name}`);
      await send(page, 'Bike Returns');
      await page.getByText('is created').waitFor();
      if (!mobile) await page.getByRole('complementary').getByRole('link', { name: 'Bike Returns' }).waitFor();
      await page.getByText('whom will it help, and what will it answer?').waitFor();
      await send(page, 'It answers our customers about returning bicycles within 30 days.');

      // Choices are cards: while one is showing, the input is hidden.
      await page.getByRole('group', { name: 'Colour palettes' }).getByRole('button', { name: 'Forest' }).waitFor();
      await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
      await saveScreenshot(page, `new-spark-palettes-${name}`);
      await page.getByRole('button', { name: 'Forest' }).click();
      await page.getByRole('group', { name: 'Icons' }).getByRole('button', { name: 'Book' }).click();
      await page.getByText('Would you like to upload').waitFor();
      await page.getByRole('button', { name: 'Not now' }).click();

      const preview = page.getByTestId('widget-preview');
      await preview.getByText('Bike Returns', { exact: true }).waitFor();
      await preview.getByText("Hi! I'm Bike Returns.", { exact: false }).waitFor();
      await saveScreenshot(page, `new-spark-preview-${name}`);
      const sparks = await apiGet<Array<{ _id: string; name: string; options: { theme: { palette: { name: string }; icon: { name: string } } | null } }>>(
        page,
        baseUrl,
        '/sparks',
      );
      expect(sparks.map((spark) => [spark.name, spark.options.theme?.palette.name, spark.options.theme?.icon.name])).toEqual([
        ['Bike Returns', 'Forest', 'book'],
      ]);
      const sparkId = sparks[0]!._id;

      // Testing it opens its first test chat; its objectives show what is done.
      await page.getByRole('button', { name: 'Test it' }).click();
      await page.waitForURL(new RegExp(`/spark/${sparkId}/test/[\\w-]+$`));
      await page.getByTestId('message-ai').first().waitFor();
      await page.goto(`${baseUrl}/spark/${sparkId}`);
      await page.getByRole('button', { name: /^Objectives\s*, \d+% done$/ }).click();
      const panel = page.getByTestId('objectives-panel');
      await panel.getByRole('heading', { name: 'Bike Returns' }).waitFor();
      await panel.getByRole('progressbar', { name: /% of the objectives done/ }).waitFor();
      const before = Number(await panel.getByRole('progressbar').getAttribute('aria-valuenow'));
      // Named, described, styled and welcomed (4), and a test opened (1): 5 of 10 steps.
      expect(before).toBe(50);
      await saveScreenshot(page, `objectives-panel-${name}`);
      await page.keyboard.press('Escape');

      // Asking the Spark a question in its test chat moves the progress on.
      await page.goBack();
      await page.waitForURL(/\/test\//);
      await send(page, 'Can I return my bike?');
      await page.getByTestId('message-ai').nth(1).waitFor();
      await page.getByRole('button', { name: /^Objectives\s*, \d+% done$/ }).click();
      await expect.poll(() => page.getByTestId('objectives-panel').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
      await page.keyboard.press('Escape');

      // Finishing the test deletes it; what happened stays done, so progress does not go back.
      await testAction(page, 'Finish test');
      await page.getByRole('dialog', { name: 'Was the test satisfactory?' }).getByRole('button', { name: /^Yes/ }).click();
      await page.waitForURL(new RegExp(`/spark/${sparkId}$`));
      await page.getByRole('button', { name: /^Objectives\s*, 60% done$/ }).click();
      // Each step is a link to where it is done.
      await page.getByTestId('objectives-panel').getByRole('link', { name: 'Upload a document' }).click();
      await page.waitForURL(new RegExp(`/spark/${sparkId}\\?panel=documents$`));
      await page.getByTestId('documents-panel').waitFor();
      await page.close();
    });
  }

  // Opened as the page's first screen: on a phone nothing on /new-spark lists the Sparks, so the one it creates is new to the Spark screen.
  const walks = [
    {
      name: 'desktop, English',
      viewport: VIEWPORTS.desktop,
      spanish: false,
      words: {
        askName: 'what should it be called?',
        askPurpose: 'whom will it help, and what will it answer?',
        palettes: 'Colour palettes',
        palette: 'Forest',
        icons: 'Icons',
        icon: 'Book',
        askUpload: 'Would you like to upload',
        upload: 'Upload documents',
        dialog: 'Upload this document?',
        send: 'Upload',
        count: '1 document',
        openMenu: 'Open the menu',
      },
    },
    {
      name: 'mobile, Spanish',
      viewport: VIEWPORTS.mobile,
      spanish: true,
      words: {
        askName: '¿cómo quieres llamarlo?',
        askPurpose: '¿a quién ayudará y qué responderá?',
        palettes: 'Paletas de colores',
        palette: 'Bosque',
        icons: 'Iconos',
        icon: 'Libro',
        askUpload: '¿Quieres subir ahora',
        upload: 'Subir documentos',
        dialog: '¿Subir este documento?',
        send: 'Subir',
        count: '1 documento',
        openMenu: 'Abrir el menú',
      },
    },
  ];
  for (const { name, viewport, spanish, words } of walks) {
    it(`opens the file picker from the new-spark assistant’s "Upload documents" and uploads what is chosen into the new Spark (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page } = await signedInPage(baseUrl, product.browser(), viewport, 'new-spark-upload');
      if (spanish) await chooseSpanish(page, viewport === VIEWPORTS.mobile);
      await page.goto(`${baseUrl}/new-spark`);
      const box = page.getByRole('textbox', { name: spanish ? 'Mensaje' : 'Message' });
      const say = async (text: string) => {
        await box.fill(text);
        await box.press('Enter');
      };
      await page.getByText(words.askName).waitFor();
      await say('Bike Help');
      await page.getByText(words.askPurpose).waitFor();
      if (viewport === VIEWPORTS.mobile) {
        // The phone's drawer, closed while the Spark was made, lists it as soon as it opens.
        await page.getByRole('button', { name: words.openMenu }).click();
        await page.getByRole('dialog').getByRole('link', { name: 'Bike Help', exact: true }).waitFor();
        await page.keyboard.press('Escape');
      }
      await say('It answers our customers about returning bicycles.');
      await page.getByRole('group', { name: words.palettes }).getByRole('button', { name: words.palette }).click();
      await page.getByRole('group', { name: words.icons }).getByRole('button', { name: words.icon }).click();
      await page.getByText(words.askUpload).waitFor();
      // The owner's message says what the button said, in the owner's language.
      await page.getByTestId('message-human').getByText(words.icon, { exact: true }).waitFor();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: words.upload }).click();
      await (
        await chooser
      ).setFiles({ name: 'returns.md', mimeType: 'text/markdown', buffer: Buffer.from('# Returns\n\nBicycles can be returned within 30 days.\n') });
      const panel = page.getByTestId('documents-panel');
      await panel.waitFor();
      await page.getByRole('dialog', { name: words.dialog }).getByRole('button', { name: words.send, exact: true }).click();
      await panel.getByRole('heading', { name: 'returns.md' }).waitFor();
      // The file went to the Spark just made, and the header's badge counts what the panel says.
      const sparks = await apiGet<Array<{ _id: string; name: string }>>(page, baseUrl, '/sparks');
      expect(sparks.map((spark) => spark.name)).toEqual(['Bike Help']);
      expect(new URL(page.url()).pathname).toBe(`/spark/${sparks[0]!._id}`);
      expect((await apiGet<Array<{ name: string }>>(page, baseUrl, `/sparks/${sparks[0]!._id}/documents`)).map((document) => document.name)).toEqual([
        'returns.md',
      ]);
      await panel.getByText(words.count, { exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('documents-button').innerText()).toMatch(/(^|\D)1$/);
      expect(new URL(page.url()).search).toBe('');
      await saveScreenshot(page, `new-spark-upload-${viewport.width}`);
      await page.close();
    });
  }

  it('fills the profile through the profile assistant and switches the language (desktop)', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'profile');
    await page.goto(`${baseUrl}/profile`);
    await page.getByText('What is your first name?').waitFor();
    await send(page, 'Ada');
    await page.getByText('And your last name?').waitFor();
    await send(page, 'Lovelace');
    await page.getByText('What phone number').waitFor();
    await send(page, '+44 20 7946 0000');
    await page.getByText('Your profile is complete').waitFor();
    // The dropdown refreshes with the new name (event updateProfile).
    await page.getByRole('complementary').getByText('Ada Lovelace').first().waitFor();
    await page.getByRole('group', { name: 'Choose an answer' }).getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('button', { name: 'Español' }).click();
    // The UI follows the new language (event language).
    await page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
    await page.getByRole('button', { name: /^Objetivos/ }).click();
    await expect.poll(() => page.getByTestId('objectives-panel').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await saveScreenshot(page, 'profile-assistant-desktop');
    await page.close();
  });

  it('shows the settings card as it is now after a language change, also after a reload (mobile)', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.mobile, 'settings');
    await page.goto(`${baseUrl}/settings`);
    const card = page.getByTestId('live-profile-card').last();
    await card.getByText('English', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Choose an answer' }).getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('button', { name: 'Español' }).click();
    await card.getByText('Idioma preferido').waitFor();
    await card.getByText('Español', { exact: true }).waitFor();
    await page.reload();
    await page.getByTestId('live-profile-card').last().getByText('Español', { exact: true }).waitFor();
    expect(
      await page
        .getByTestId('live-profile-card')
        .filter({ hasText: /Preferred language|English/ })
        .count(),
    ).toBe(0);
    await saveScreenshot(page, 'settings-live-card-mobile');
    await page.close();
  });

  it('answers a question on the home screen, its input shown only while it waits for one (mobile)', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.mobile, 'home');
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await page.getByText('What would you like to know?').waitFor();
    await send(page, 'How do I put it on my website?');
    await page.getByText('one line of code to paste into your website', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Deploy it' }).waitFor();
    await saveScreenshot(page, 'home-question-mobile');
    await page.getByRole('button', { name: 'Deploy it' }).click();
    await page.waitForURL(/\/deploy$/);
    await page.close();
  });
});
