import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { openFirstTestChat, send } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { ownerApi as api, openWidget, uploadHandbook, useWebsite } from './support/widget-site';

/** The handbook speaks of bicycles, returns and warranties; nothing of insurance or theft. */
const LOOSE = 'Is my bicycle insured against theft?';
const SUELTA = '¿Mi bicicleta está asegurada contra robo?';

describe.skipIf(skipBrowserTests)('an answer when the documents only touch the question', () => {
  const product = useProductInBrowser();
  const website = useWebsite();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`says so and offers the closest passage, in the test chat and in the widget in Spanish (${name})`, async () => {
      const baseUrl = product.server().url;
      const { page: owner } = await signedInPage(baseUrl, product.browser(), viewport, `honest-${name}`, { bypassCSP: true });
      const spark = await api<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
      await uploadHandbook(owner, baseUrl, spark._id);

      await openFirstTestChat(owner, baseUrl, spark._id);
      await send(owner, LOOSE);
      const answer = owner.getByTestId('message-ai').filter({ hasText: "The documents don't seem to answer this directly." }).last();
      await answer.waitFor({ timeout: 20_000 });
      expect(await answer.innerText()).toContain('These passages may help:');
      expect(await answer.innerText()).toContain('returned within 30 days');
      expect(await answer.innerText()).not.toContain('This is what I found');
      expect(await seriousViolations(owner)).toEqual([]);
      await saveScreenshot(owner, `honest-answer-test-chat-${name}`);

      const deployment = await api<{ snippet: string }>(owner, baseUrl, `/sparks/${spark._id}/deploy`, {
        method: 'PATCH',
        body: { allowedOrigins: [website.origin()] },
      });
      website.setTag(deployment.snippet);
      const visitor = await openWidget(product.browser(), website.origin(), { viewport, locale: 'es-ES', launcher: 'Abrir el chat con Spark Nuevo' });
      const question = visitor.chat.getByRole('textbox', { name: 'Tu pregunta' });
      await question.fill(SUELTA);
      await question.press('Enter');
      const reply = visitor.chat.locator('.message.spark').filter({ hasText: 'Los documentos no parecen responder a esto directamente.' }).last();
      await reply.getByRole('button', { name: 'Respuesta útil' }).waitFor({ timeout: 20_000 });
      expect(await reply.innerText()).toContain('Estos fragmentos pueden ayudar:');
      // Not answered directly: the visitor is offered a person.
      await visitor.chat.getByRole('button', { name: 'Deja tu correo y te responderemos' }).waitFor();
      const frame = visitor.page.frames().find((item) => item.url().includes('/widget/frame/'))!;
      expect(await seriousViolations(frame)).toEqual([]);
      await saveScreenshot(visitor.page, `honest-answer-widget-es-${name}`);

      // The question waits in the owner's gap inbox.
      const gaps = await api<Array<{ question: string }>>(owner, baseUrl, `/sparks/${spark._id}/gaps?status=open`);
      expect(gaps.map((gap) => gap.question)).toEqual([SUELTA]);
      await visitor.context.close();
      await owner.close();
    });
  }
});
