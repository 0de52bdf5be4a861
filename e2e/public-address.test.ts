import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Language, WhatsappChannel } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from './support/accounts';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { useProductInBrowser } from './support/product';
import { ownerApi } from './support/widget-site';

/** The app's own words, so the test reads what the owner reads in either language. */
const words = (language: Language) => {
  const file = join(import.meta.dirname, '..', 'apps', 'web', 'public', 'locales', language, 'translation.json');
  const all = JSON.parse(readFileSync(file, 'utf8')) as {
    plans: { title: string; upgrade: string };
    billing: { returned: { success: string; cancelled: string } };
    deploy: { publicUrlUnset: string };
    whatsapp: { callbackProblem: Record<'title' | 'loopback' | 'private' | 'plain-http', string> };
  };
  return {
    plans: all.plans.title,
    upgrade: all.plans.upgrade.replace('{{plan}}', 'Ruby'),
    success: all.billing.returned.success.replace('{{plan}}', 'Ruby'),
    cancelled: all.billing.returned.cancelled,
    // The test checkout page is the server's (test-checkout-page.ts).
    cancel: language === 'es' ? 'Cancelar y volver' : 'Cancel and go back',
    warning: all.deploy.publicUrlUnset,
    callbackProblem: all.whatsapp.callbackProblem,
  };
};

/** An address of this machine that is not loopback, when it has one. */
const OWN_ADDRESS = Object.values(networkInterfaces())
  .flatMap((entries) => entries ?? [])
  .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;

const SIZES = [
  { size: 'desktop', viewport: VIEWPORTS.desktop },
  { size: 'mobile', viewport: VIEWPORTS.mobile },
] as const;

/** A new account signed in on `pageUrl`; the mailbox with its code is read on loopback, the only place it answers. */
async function signedInAt(browser: Browser, pageUrl: string, loopbackUrl: string, viewport: { width: number; height: number }, language: Language) {
  const account = await verifiedAccount(loopbackUrl, 'address');
  const page = await (await browser.newContext({ viewport, locale: language === 'es' ? 'es-ES' : 'en-US' })).newPage();
  await page.goto(`${pageUrl}/auth`);
  await page.evaluate((tokens) => {
    localStorage.setItem('access_token', tokens.access_token);
    localStorage.setItem('refresh_token', tokens.refresh_token);
  }, account);
  await page.goto(`${pageUrl}/`);
  await page.getByTestId('home-greeting').waitFor();
  return page;
}

/**
 * Leaves the test checkout once by its cancel link and pays on it once, checking after each return
 * that the owner is back on the address they use and still signed in (the notice is the signed-in app's).
 */
async function checkoutAndBack(page: Page, baseUrl: string, language: Language, shot: string) {
  const text = words(language);
  const openCheckout = async () => {
    await page.goto(`${baseUrl}/billing?showPlans=true`);
    await page.getByRole('dialog', { name: text.plans }).getByRole('button', { name: text.upgrade }).click();
    await page.waitForURL(/\/api\/v1\/billing\/test-checkout\//);
    expect(new URL(page.url()).origin).toBe(baseUrl);
  };
  await openCheckout();
  await page.getByRole('link', { name: text.cancel }).click();
  await page.waitForURL(/\/billing\?checkout=cancelled$/);
  expect(new URL(page.url()).origin).toBe(baseUrl);
  await page.getByTestId('checkout-notice').getByText(text.cancelled).waitFor();

  await openCheckout();
  await page.locator('input[name="card"]').fill('4242 4242 4242 4242');
  await page.locator('input[name="expiry"]').fill('12/34');
  await page.locator('input[name="cvc"]').fill('123');
  await page.locator('input[name="name"]').fill('Ada Lovelace');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/billing\?checkout=success$/);
  expect(new URL(page.url()).origin).toBe(baseUrl);
  await page.getByTestId('checkout-notice').getByText(text.success).waitFor();
  await saveScreenshot(page, `${shot}-checkout-back`);
}

/** Opens a new Spark's deploy panel and answers it with the code it shows. */
async function deployPanel(page: Page, baseUrl: string) {
  const sparkId = await newSparkByApi(page, baseUrl);
  await page.getByTestId('deploy-button').click();
  const panel = page.getByTestId('deploy-panel');
  const code = await panel.locator('pre code').first().innerText();
  return { sparkId, panel, code };
}

/**
 * Connects the Spark to a WhatsApp number and opens its card again: the Callback URL the owner
 * pastes into Meta is on the address in use, and the card says in the owner's words why Meta
 * cannot call it (this machine's own address, a private network's, or plain http).
 */
async function whatsappCallback(page: Page, baseUrl: string, sparkId: string, language: Language, shot: string) {
  const connect = {
    phoneNumberId: '106540352242922',
    accessToken: 'EAAGm0PX4ZCpsBAKZAe2etoken0123456789abcdefGHIJKLMNOP',
    appSecret: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  };
  await ownerApi(page, baseUrl, `/sparks/${sparkId}/whatsapp`, { method: 'PUT', body: connect });
  await page.goto(`${baseUrl}/spark/${sparkId}?panel=deploy`);
  const card = page.getByTestId('deploy-panel').getByTestId('whatsapp-card');
  const callbackUrl = await card.locator('pre code').first().innerText();
  expect(new URL(callbackUrl).origin).toBe(baseUrl);
  const { callbackProblem } = await ownerApi<WhatsappChannel>(page, baseUrl, `/sparks/${sparkId}/whatsapp`);
  expect(callbackProblem).not.toBeNull();
  const text = words(language).callbackProblem;
  const warning = card.getByTestId('whatsapp-callback-warning');
  await warning.getByText(text.title).waitFor();
  expect(await warning.innerText()).toContain(text[callbackProblem!].replace('{{host}}', new URL(baseUrl).host));
  // A screen reader hears it again with the button that copies the address.
  const copy = card.getByRole('button', { name: language === 'es' ? 'Copiar la Callback URL' : 'Copy the Callback URL' });
  expect(await copy.getAttribute('aria-describedby')).toBe(await warning.getAttribute('id'));
  await warning.scrollIntoViewIfNeeded();
  await saveScreenshot(page, `${shot}-whatsapp`);
  return callbackProblem;
}

describe.skipIf(skipBrowserTests)('without PUBLIC_URL, opened at 127.0.0.1', () => {
  // PUBLIC_URL's default is http://localhost:<port>: another origin, where this browser holds no session.
  const product = useProductInBrowser({ PUBLIC_URL: '' });

  it.each(SIZES)('comes back from the test checkout signed in on 127.0.0.1 and shows the embed code on it ($size)', async ({ size, viewport }) => {
    const baseUrl = product.server().url;
    expect(new URL(baseUrl).hostname).toBe('127.0.0.1');
    const page = await signedInAt(product.browser(), baseUrl, baseUrl, viewport, 'en');
    await checkoutAndBack(page, baseUrl, 'en', `address-loopback-${size}`);

    const { sparkId, panel, code } = await deployPanel(page, baseUrl);
    expect(code).toMatch(new RegExp(`^<script src="${baseUrl.replaceAll('.', '\\.')}/widget\\.js" data-spark="dpl_[\\w-]+" async></script>$`));
    // On loopback the address is the owner's own machine: nothing to warn about.
    expect(await panel.getByTestId('public-url-warning').count()).toBe(0);
    await saveScreenshot(page, `address-loopback-${size}-deploy`);
    // Meta, though, cannot call the owner's own machine.
    expect(await whatsappCallback(page, baseUrl, sparkId, 'en', `address-loopback-${size}`)).toBe('loopback');
    await page.context().close();
  });
});

describe.skipIf(skipBrowserTests || !OWN_ADDRESS)("without PUBLIC_URL, opened at this machine's network address", () => {
  const product = useProductInBrowser({ PUBLIC_URL: '', HOST: '0.0.0.0' });
  const ownUrl = () => `http://${OWN_ADDRESS}:${new URL(product.server().url).port}`;

  it('says at start-up that PUBLIC_URL is unset on a non-loopback address', () => {
    expect(product.server().output()).toContain('address: WARNING PUBLIC_URL is not set but the server listens on 0.0.0.0');
  });

  it.each([
    { ...SIZES[0], language: 'en' as const },
    { ...SIZES[1], language: 'es' as const },
  ])('keeps the owner on that address through the checkout, and warns in the deploy panel ($size, $language)', async ({ size, viewport, language }) => {
    const baseUrl = ownUrl();
    const page = await signedInAt(product.browser(), baseUrl, product.server().url, viewport, language);
    await checkoutAndBack(page, baseUrl, language, `address-network-${size}`);

    const { sparkId, panel, code } = await deployPanel(page, baseUrl);
    expect(code).toContain(`<script src="${baseUrl}/widget.js"`);
    const warning = panel.getByTestId('public-url-warning');
    await warning.getByText(words(language).warning).waitFor();
    await warning.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `address-network-${size}-deploy`);
    // The Callback URL is on the network address too; plain http, and private on most networks.
    await whatsappCallback(page, baseUrl, sparkId, language, `address-network-${size}`);
    await page.context().close();
  });
});
