import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { chooseSpanish } from './support/choose-spanish';
import { englishIn } from './support/english-text';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi as api, openWidget, useWebsite } from './support/widget-site';

const FILE_NAME = 'manual-tienda.md';
const MANUAL = [
  '# Manual de la tienda de bicicletas',
  '',
  '## Devoluciones',
  '',
  'Las bicicletas se pueden devolver en un plazo de 30 días desde la compra con el ticket; el dinero vuelve a la tarjeta original.',
  '',
  '## Garantía',
  '',
  'Los cuadros tienen una garantía de cinco años y las ruedas de dos años.',
  '',
  '## Horario del taller',
  '',
  '| Día | Horario | Reparaciones |',
  '| --- | --- | --- |',
  '| De lunes a viernes | 9:00 – 19:00 | En el momento |',
  '| Sábado | 10:00 – 14:00 | Con cita previa |',
  '| Domingo | Cerrado | Ninguna |',
].join('\n');
const QUESTION = '¿Cuántos días tengo para devolver una bicicleta?';
const TABLE_QUESTION = '¿A qué hora abre el taller el sábado?';

/** The assistant has said its first things and every card has drawn what it shows. */
async function settled(page: Page): Promise<void> {
  await page.getByTestId('message-ai').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('typing-indicator').waitFor({ state: 'hidden', timeout: 30_000 });
  await expect
    .poll(
      () =>
        page
          .locator('main [role="status"]')
          .filter({ hasText: /Cargando|Loading/ })
          .count(),
      { timeout: 15_000 },
    )
    .toBe(0);
}

/** Types into the chat's message box and sends with Enter, as a user does. */
async function say(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Mensaje' });
  await box.fill(text);
  await box.press('Enter');
}

describe.skipIf(skipBrowserTests)('the product in Spanish', () => {
  const product = useProductInBrowser();
  const website = useWebsite();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const mobile = name === 'mobile';
    it(`says nothing in English on any screen once Español is chosen (${name})`, { timeout: 300_000 }, async () => {
      const baseUrl = product.server().url;
      const { page, account } = await signedInPage(baseUrl, product.browser(), viewport, `es-${name}`);
      const found: Record<string, string[]> = {};
      const allowed = [FILE_NAME, account.email];
      const check = async (screen: string) => {
        found[screen] = await englishIn(page, allowed);
        await saveScreenshot(page, `spanish-${screen}-${name}`);
      };
      await chooseSpanish(page, mobile);
      await page.getByTestId('home-greeting').waitFor();
      await check('home');

      // The preferred language of the profile is the one just chosen.
      await page.goto(`${baseUrl}/settings`);
      await settled(page);
      await expect.poll(() => page.getByTestId('live-profile-card').last().innerText()).toMatch(/Idioma preferido\s+Español/);
      await check('settings');
      for (const path of ['/profile', '/billing']) {
        await page.goto(`${baseUrl}${path}`);
        await settled(page);
        // A long address wraps inside the card instead of running past its edge.
        for (const card of await page.getByTestId('live-profile-card').all())
          expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        await check(path.slice(1));
      }
      await page.goto(`${baseUrl}/billing?showPlans=true`);
      await page.getByRole('dialog').getByText('Ruby').first().waitFor();
      await check('plans');
      await page.keyboard.press('Escape');
      await page.goto(`${baseUrl}/new-spark`);
      await settled(page);
      await check('new-spark');

      // The builder, with a document uploaded through the attach menu and the next step it offers.
      const spark = await api<{ _id: string; name: string }>(page, baseUrl, '/sparks', { method: 'POST' });
      await page.goto(`${baseUrl}/spark/${spark._id}`);
      await settled(page);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Adjuntar un archivo' }).click();
      await page
        .getByRole('menu')
        .getByRole('menuitem', { name: /Documento/ })
        .click();
      await (await chooser).setFiles({ name: FILE_NAME, mimeType: 'text/markdown', buffer: Buffer.from(MANUAL) });
      await page.getByRole('dialog', { name: '¿Subir este documento?' }).getByRole('button', { name: 'Subir', exact: true }).click();
      await page.getByText(/^He recibido/).waitFor();
      await expect
        .poll(async () => (await api<Array<{ status: string }>>(page, baseUrl, `/sparks/${spark._id}/documents`)).map((document) => document.status), {
          timeout: 30_000,
        })
        .toEqual(['ready']);
      await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 10_000 });
      const answers = await page.getByTestId('message-ai').count();
      await page.getByRole('button', { name: 'Resumir el documento' }).click();
      await expect.poll(() => page.getByTestId('message-ai').count(), { timeout: 30_000 }).toBeGreaterThan(answers);
      await settled(page);
      await check('builder-upload');
      await page.getByTestId('documents-button').click();
      await page.getByTestId('documents-panel').locator('[data-status="ready"]').waitFor({ timeout: 30_000 });
      await check('documents');
      await page.getByRole('button', { name: 'Cerrar documentos' }).click();
      await page.getByTestId('objectives-button').click();
      await page.getByTestId('objectives-panel').getByRole('progressbar').waitFor();
      await check('objectives');
      await page.keyboard.press('Escape');

      // The first test, made by the builder, and the next, made with the + tab, are named in Spanish; both answer in Spanish.
      await say(page, 'Crea una prueba');
      await page.getByRole('button', { name: 'Abrir la prueba' }).click();
      await page.waitForURL(new RegExp(`/spark/${spark._id}/test/[\\w-]+$`));
      await settled(page);
      await page.getByRole('button', { name: 'Añadir una prueba' }).click();
      const tabs = page.getByRole('navigation', { name: 'Pruebas' }).getByRole('link');
      await expect.poll(() => tabs.allInnerTexts()).toEqual(['Prueba 1', 'Prueba 2']);
      await settled(page);
      await say(page, QUESTION);
      await page.getByTestId('message-ai').nth(1).waitFor({ timeout: 30_000 });
      await settled(page);
      await check('test-chat');
      // A question a table row answers is shown the row as a table, within the screen.
      await say(page, TABLE_QUESTION);
      const tableAnswer = page.getByTestId('message-ai').nth(2);
      await tableAnswer.getByRole('table').getByRole('cell', { name: '10:00 – 14:00' }).waitFor({ timeout: 30_000 });
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await check('test-chat-table');
      if (mobile) await page.getByRole('button', { name: 'Más acciones de la prueba' }).click();
      await check('test-actions');
      if (mobile) await page.getByRole('menuitem', { name: 'Pruebas guardadas' }).click();
      else await page.getByTestId('test-suite-button').click();
      await page.getByTestId('test-suite-panel').getByRole('heading', { name: 'Pruebas guardadas' }).waitFor();
      await check('saved-tests');

      await page.goto(`${baseUrl}/spark/${spark._id}/insights`);
      await page.getByTestId('insights-screen').waitFor();
      await expect.poll(() => page.locator('main [role="status"]').filter({ hasText: 'Cargando' }).count(), { timeout: 15_000 }).toBe(0);
      await check('insights');

      // Deploy: the assistant's screen, its code card, and the Spark's deploy panel.
      await page.goto(`${baseUrl}/deploy`);
      await settled(page);
      await page.getByText('¿Qué Spark quieres poner en tu web?').waitFor();
      await page.getByRole('group', { name: 'Elige una respuesta' }).getByRole('button').first().click();
      const card = page.getByTestId('live-embed-card');
      await card.getByText('Código para tu web').waitFor();
      await settled(page);
      await check('deploy');
      await page.goto(`${baseUrl}/spark/${spark._id}?panel=deploy`);
      const panel = page.getByTestId('deploy-panel');
      await panel.getByRole('button', { name: 'Cambiar el token de publicación' }).waitFor();
      await check('deploy-panel');

      await page.goto(`${baseUrl}/onBoarding`);
      await settled(page);
      if (mobile) await page.getByText('Objetivos', { exact: true }).click();
      await page.getByTestId('objectives-panel').getByRole('progressbar').waitFor();
      await check('onboarding');
      await page.goto(`${baseUrl}/spark/onboarding?activateTutorial=true`);
      const tutorial = page.getByTestId('tutorial-card');
      const steps = mobile ? 8 : 5;
      for (let step = 1; step <= steps; step += 1) {
        await tutorial.getByText(`Paso ${step} de ${steps}`).waitFor();
        found[`tutorial-${step}`] = await englishIn(page, allowed);
        if (step < steps) await tutorial.getByRole('button', { name: 'Siguiente' }).click();
      }
      await saveScreenshot(page, `spanish-tutorial-${name}`);

      // A visitor whose browser reads Spanish: the widget greets and answers in Spanish.
      const deployment = await api<{ snippet: string }>(page, baseUrl, `/sparks/${spark._id}/deploy`, {
        method: 'PATCH',
        body: { allowedOrigins: [website.origin()] },
      });
      website.setTag(deployment.snippet);
      const visitor = await openWidget(product.browser(), website.origin(), { viewport, locale: 'es-ES', launcher: `Abrir el chat con ${spark.name}` });
      await visitor.chat.getByText('Bienvenido a tu nuevo Spark').waitFor();
      const question = visitor.chat.getByRole('textbox', { name: 'Tu pregunta' });
      await question.fill(QUESTION);
      await question.press('Enter');
      await visitor.chat.getByRole('button', { name: 'Respuesta útil' }).last().waitFor({ timeout: 30_000 });
      const frame = visitor.page.frames().find((item) => item.url().includes('/widget/frame/'))!;
      found.widget = await englishIn(frame, allowed);
      await saveScreenshot(visitor.page, `spanish-widget-${name}`);
      await visitor.context.close();

      expect(Object.entries(found).filter(([, words]) => words.length > 0)).toEqual([]);

      // The code card shows the deployment as it is now: a new token replaces the code on screen.
      await page.goto(`${baseUrl}/deploy`);
      const before = await page.getByTestId('live-embed-card').last().locator('code, pre').first().innerText();
      expect(before).toMatch(/data-spark="[\w-]+"/);
      await page.goto(`${baseUrl}/spark/${spark._id}?panel=deploy`);
      await panel.getByRole('button', { name: 'Cambiar el token de publicación' }).click();
      await panel.getByRole('button', { name: 'Cambiarlo' }).click();
      await panel.getByText('Hecho: pega el nuevo código en tus webs.').waitFor();
      await page.goto(`${baseUrl}/deploy`);
      const after = page.getByTestId('live-embed-card').last().locator('code, pre').first();
      await expect.poll(() => after.innerText(), { timeout: 15_000 }).not.toBe(before);
      expect(await after.innerText()).toMatch(/data-spark="[\w-]+"/);
      await page.close();
    });
  }

  it('speaks Spanish in a builder conversation begun in English, once Español is chosen on its screen (desktop)', async () => {
    const baseUrl = product.server().url;
    const { page } = await signedInPage(baseUrl, product.browser(), VIEWPORTS.desktop, 'es-builder');
    const english = async (text: string) => {
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(text);
      await box.press('Enter');
    };
    // The first-time owner's walk: a Spark made with the new-spark assistant, then opened in its builder.
    await page.goto(`${baseUrl}/new-spark`);
    await page.getByText('what should it be called?').waitFor();
    await english('Bicis');
    await page.getByText('whom will it help, and what will it answer?').waitFor();
    await english('It answers our customers about returning bicycles.');
    await page.getByRole('group', { name: 'Colour palettes' }).getByRole('button', { name: 'Forest' }).click();
    await page.getByRole('group', { name: 'Icons' }).getByRole('button', { name: 'Book' }).click();
    await page.getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('button', { name: 'Open my Spark' }).click();
    await page.getByText('Welcome back! What would you like to change in').waitFor();
    await page.getByRole('button', { name: 'Write its instructions' }).waitFor();

    await chooseSpanish(page, false);
    await page.getByText('¡Hola de nuevo! ¿Qué quieres cambiar en').waitFor();
    await page.getByRole('button', { name: 'Escribir sus instrucciones' }).waitFor();
    await settled(page);
    expect(await englishIn(page, ['Bicis'])).toEqual([]);
    await saveScreenshot(page, 'spanish-builder-after-switch-desktop');
    // Back on the screen later, the conversation it holds is the Spanish one.
    await page.goto(`${baseUrl}/`);
    await page.getByRole('complementary').getByRole('link', { name: 'Bicis', exact: true }).click();
    await page.getByText('¡Hola de nuevo! ¿Qué quieres cambiar en').waitFor();
    await settled(page);
    expect(await englishIn(page, ['Bicis'])).toEqual([]);
    await page.close();
  });
});
