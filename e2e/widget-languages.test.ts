import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi as api, openWidget, uploadHandbook, useWebsite } from './support/widget-site';

const QUESTION = 'How many days do I have to return a bicycle?';
const PREGUNTA = '¿Cuántos días tengo para devolver una bicicleta?';
const WELCOME = 'Hi! Ask me about returns and warranties.';
const BIENVENIDA = '¡Hola! Pregúntame por devoluciones y garantías.';

/** The widget greets each visitor in their browser's language, with what the owner wrote for it in the deploy panel. */
describe.skipIf(skipBrowserTests)("the widget in the visitor's language", () => {
  // Without a translator, so the answer to a Spanish question of English documents is the one that names their language.
  const product = useProductInBrowser({ TRANSLATOR: 'off' });
  const website = useWebsite();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows Spanish visitors the owner's Spanish welcome and questions, and English visitors the owner's own (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page: owner } = await signedInPage(baseUrl, product.browser(), viewport, `languages-${name}`, { bypassCSP: true });
      const spark = await api<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
      await uploadHandbook(owner, baseUrl, spark._id);
      await api(owner, baseUrl, '/llm/chat', {
        method: 'POST',
        body: { sparkId: spark._id, message: { type: 'human', content: `Welcome message: ${WELCOME}` }, language: 'en' },
      });
      const deployment = await api<{ snippet: string; initialMessage: string; textLanguage: string }>(owner, baseUrl, `/sparks/${spark._id}/deploy`, {
        method: 'PATCH',
        body: { allowedOrigins: [website.origin()], suggestedQuestions: [QUESTION] },
      });
      expect(deployment).toMatchObject({ initialMessage: WELCOME, textLanguage: 'en' });
      website.setTag(deployment.snippet);

      // The owner writes the Spanish version in the deploy panel, each field beside their own words.
      await owner.goto(`${baseUrl}/spark/${spark._id}?panel=deploy`);
      const section = owner.getByTestId('deploy-panel').getByTestId('widget-translations');
      await section.getByText('Your welcome message and questions are written in English.', { exact: false }).waitFor();
      const form = section.getByRole('form', { name: 'For visitors who read Spanish' });
      await form.getByText(`Your text: “${WELCOME}”`).waitFor();
      await form.getByLabel('Welcome message').fill(BIENVENIDA);
      await form.getByLabel('Question 1').fill(PREGUNTA);
      await form.getByRole('button', { name: 'Save translation' }).click();
      await form.getByRole('status').getByText('Saved: visitors who read Spanish see it now.').waitFor();
      await section.scrollIntoViewIfNeeded();
      expect(await seriousViolations(owner)).toEqual([]);
      await saveScreenshot(owner, `deploy-translations-${name}`);

      // A visitor whose browser reads Spanish is greeted in Spanish and asks the Spanish question with one tap.
      const spanish = await openWidget(product.browser(), website.origin(), { viewport, locale: 'es-ES', launcher: 'Abrir el chat con Spark Nuevo' });
      await spanish.chat.getByText(BIENVENIDA).waitFor();
      const chip = spanish.chat.getByRole('group', { name: 'Preguntas sugeridas' }).getByRole('button', { name: PREGUNTA });
      await chip.click();
      // The question is asked as the visitor's own message and answered (its vote buttons are in Spanish too).
      await spanish.chat.getByText(PREGUNTA).filter({ visible: true }).waitFor();
      await spanish.chat.getByRole('button', { name: 'Respuesta útil' }).last().waitFor();
      // The handbook is in English and nothing translates the question: the answer says so in Spanish and offers a person.
      await spanish.chat.getByText('Los documentos con los que respondo están escritos en inglés', { exact: false }).filter({ visible: true }).waitFor();
      await spanish.chat.getByRole('button', { name: 'Deja tu correo y te responderemos' }).waitFor();
      expect(await spanish.chat.getByRole('group', { name: 'Preguntas sugeridas' }).count()).toBe(0);
      const frame = spanish.page.frames().find((item) => item.url().includes('/widget/frame/'))!;
      expect(await seriousViolations(frame)).toEqual([]);
      await saveScreenshot(spanish.page, `widget-spanish-welcome-${name}`);

      // An English visitor reads the owner's own words.
      const english = await openWidget(product.browser(), website.origin(), { viewport, locale: 'en-US' });
      await english.chat.getByText(WELCOME).waitFor();
      await english.chat.getByRole('group', { name: 'Suggested questions' }).getByRole('button', { name: QUESTION }).waitFor();
      expect(await english.chat.getByText(BIENVENIDA).count()).toBe(0);
      await spanish.context.close();
      await english.context.close();
      await owner.close();
    });
  }
});
