import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShopApi } from '../test/support/fake-shop-api';
import { shopActions } from '../test/support/shop-actions';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { openFirstTestChat, send, testAction } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';
import { openWidget, ownerApi, uploadHandbook, useWebsite } from './support/widget-site';

const REPLY = 'Tu pedido 1042 está en reparto y llega hoy antes de las 14:00';

/** Nothing in the frame or page is wider than its screen. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The visitor's side of actions (docs/decisions/0042): the bakery's deployed Spark offers her order
 * lookup and table booking; a visitor fills the form in the widget, confirms a booking, and reads the
 * replies; the owner does the same in a test chat. Both layouts, English and Spanish.
 */
describe.skipIf(skipBrowserTests)('a visitor uses the bakery’s actions in the widget, and the owner in a test chat', () => {
  let shop: Awaited<ReturnType<typeof startFakeShopApi>>;
  beforeAll(async () => {
    shop = await startFakeShopApi();
  });
  afterAll(() => shop?.close());
  // The shop's API is on this machine: the test-only setting lets the outbound rule reach loopback.
  const product = useProductInBrowser({ CRAWL_ALLOW_LOOPBACK: 'true' });
  const website = useWebsite();

  /** The bakery's Spark: the handbook, an order lookup and a booking, deployed on the website. */
  async function bakery(viewport: { width: number; height: number }, label: string) {
    const base = product.server().url;
    const { page: owner } = await signedInPage(base, product.browser(), viewport, label, { bypassCSP: true });
    const spark = await ownerApi<{ _id: string }>(owner, base, '/sparks', { method: 'POST' });
    await uploadHandbook(owner, base, spark._id);
    const actions = shopActions(shop.base);
    for (const body of [actions.orderStatus(), actions.booking()]) await ownerApi(owner, base, `/sparks/${spark._id}/actions`, { method: 'POST', body });
    const deployment = await ownerApi<{ snippet: string }>(owner, base, `/sparks/${spark._id}/deploy`, {
      method: 'PATCH',
      body: { allowedOrigins: [website.origin()] },
    });
    website.setTag(deployment.snippet);
    return { base, owner, sparkId: spark._id };
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`asks for the order number in Spanish, answers with the shop's status, and confirms a booking before making it (${name})`, async () => {
      const { owner } = await bakery(viewport, `visitor-actions-${name}`);
      const visitor = await openWidget(product.browser(), website.origin(), { viewport, locale: 'es-ES', launcher: 'Abrir el chat con Spark Nuevo' });
      const { chat, page, context } = visitor;
      const question = chat.getByRole('textbox', { name: 'Tu pregunta' });
      await question.fill('¿Dónde está mi pedido?');
      await question.press('Enter');
      await chat.getByText('Puedo ayudarte con eso: Order status. Rellena los datos de abajo.').waitFor();
      const form = chat.getByRole('form', { name: 'Datos para Order status' });
      // A wrong value is said in the visitor's language before anything is sent.
      await form.getByRole('button', { name: 'Enviar' }).click();
      await form.getByText('Rellena Order number.').waitFor();
      await saveScreenshot(page, `widget-action-form-es-${name}`);
      await form.getByLabel('Order number').fill('1042');
      await form.getByRole('button', { name: 'Enviar' }).click();
      await chat.getByText(REPLY).waitFor();
      await chat.getByText('Order number: 1042').waitFor();
      expect(await form.count()).toBe(0);
      expect(shop.requests.filter((request) => request.url === '/api/orders/1042').length).toBeGreaterThan(0);
      const frame = page.frames().find((item) => item.url().includes('/widget/frame/'))!;
      expect(await frame.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(page, `widget-action-reply-es-${name}`);
      expect(await seriousViolations(frame)).toEqual([]);

      // A booking changes something: what will be sent is shown, and nothing is booked before the visitor confirms.
      const booked = shop.bookings.length;
      await question.fill('Reservar una mesa para 4 el 2026-12-24');
      await question.press('Enter');
      const booking = chat.getByRole('form', { name: 'Datos para Book a table' });
      await expect.poll(() => booking.getByLabel('People').inputValue()).toBe('4');
      await booking.getByLabel('Name').fill('Ana');
      await booking.getByRole('button', { name: 'Continuar' }).click();
      await booking.getByText('Confirma, por favor: Book a table').waitFor();
      expect(shop.bookings.length).toBe(booked);
      await saveScreenshot(page, `widget-action-confirm-es-${name}`);
      await booking.getByRole('button', { name: 'Confirmar' }).click();
      await chat.getByText('Booking B-', { exact: false }).waitFor();
      expect(shop.bookings.at(-1)).toEqual({ booking: { name: 'Ana', people: 4, day: '2026-12-24' } });
      expect(await seriousViolations(frame)).toEqual([]);
      await context.close();
      await owner.close();
    });

    it(`offers the same form in a test chat, in English and in Spanish, and logs the run as a test (${name})`, async () => {
      const { base, owner, sparkId } = await bakery(viewport, `test-chat-actions-${name}`);
      await openFirstTestChat(owner, base, sparkId);
      await send(owner, 'Where is my order?');
      const form = owner.getByRole('form', { name: 'Details for Order status' });
      await form.getByLabel('Order number').fill('1042');
      await saveScreenshot(owner, `test-chat-action-form-${name}`);
      await form.getByRole('button', { name: 'Send' }).click();
      await owner.getByText(REPLY).waitFor();
      await owner.getByTestId('message-human').filter({ hasText: 'Order number: 1042' }).waitFor();
      expect(await form.count()).toBe(0);
      expect(await fitsWidth(owner)).toBe(true);
      await saveScreenshot(owner, `test-chat-action-reply-${name}`);
      expect(await seriousViolations(owner)).toEqual([]);

      // Saved as a test case, the question keeps the action as a check, and the form's run is not a question of its own.
      await testAction(owner, 'Save as test case');
      const dialog = owner.getByRole('dialog', { name: 'Save this chat as a test case' });
      await dialog.getByLabel('Offers the action “Order status”').waitFor();
      expect(await dialog.getByLabel('Offers the action “Order status”').isChecked()).toBe(true);
      expect(await dialog.getByTestId('case-turn').count()).toBe(1);
      await saveScreenshot(owner, `test-case-action-check-${name}`);
      await dialog.getByRole('button', { name: 'Save test case' }).click();
      await dialog.waitFor({ state: 'detached' });

      await owner.goto(`${owner.url()}?lng=es`);
      const box = owner.getByRole('textbox', { name: 'Mensaje' });
      await box.fill('¿Dónde está mi pedido?');
      await box.press('Enter');
      const spanish = owner.getByRole('form', { name: 'Datos para Order status' });
      await spanish.getByRole('button', { name: 'Enviar' }).click();
      await spanish.getByText('Rellena Order number.').waitFor();
      expect(await fitsWidth(owner)).toBe(true);
      await saveScreenshot(owner, `test-chat-action-form-es-${name}`);
      const runs = await ownerApi<Array<{ source: string; status: string }>>(owner, base, `/sparks/${sparkId}/action-runs`);
      expect(runs[0]).toMatchObject({ source: 'test', status: 'ok' });
      await owner.close();
    });
  }
});
