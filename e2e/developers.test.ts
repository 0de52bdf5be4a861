import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readEvents } from '@sparks/contract/event-stream';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { chooseSpanish } from './support/choose-spanish';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

/** Nothing on the page is wider than the screen. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const PRICE_LIST = ['# Weekly price list', '', '## Bread', 'A sourdough loaf costs 6 euros this week.', ''].join('\n');

/** The developer's check, as the screen shows it to copy: the signature over "<t>.<raw body>", at most five minutes old. */
function fromSparks(secret: string, header: string, rawBody: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300 || !parts.v1) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe.skipIf(skipBrowserTests)('a developer: a key made in Settings › Developers, used from a script, a signed webhook, the key revoked', () => {
  // The developer's server listens on this machine: loopback is let through only under the test setting.
  const product = useProductInBrowser({ CRAWL_ALLOW_LOOPBACK: 'true' });
  let base = '';
  let owner: Page;
  let sparkId = '';
  let secret = '';
  let apiKey = '';

  it('the owner creates a key that may ask one Spark and change its knowledge, and sees it once', async () => {
    base = product.server().url;
    ({ page: owner } = await signedInPage(base, product.browser(), VIEWPORTS.desktop, 'developer', { bypassCSP: true }));
    sparkId = await newSparkByApi(owner, base);
    await owner.getByTestId('plan-label').click();
    await owner.getByRole('menuitem', { name: 'Developers' }).click();
    await owner.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
    await owner.getByText('No API keys yet').waitFor();
    await owner.getByTestId('key-allowance').getByText('0 of 2 API keys in use').waitFor();

    // Nothing chosen to do: the form says so before anything is sent.
    await owner.getByLabel('Name').fill('Bakery website');
    await owner.getByRole('checkbox', { name: /^Ask/ }).uncheck();
    await owner.getByRole('button', { name: 'Create key' }).click();
    await owner.getByText('Choose at least one thing the key may do.').waitFor();

    await owner.getByRole('checkbox', { name: /^Ask/ }).check();
    await owner.getByRole('checkbox', { name: /^Change knowledge/ }).check();
    await owner.getByRole('checkbox', { name: 'All Sparks, including those created later' }).uncheck();
    await owner.getByTestId('key-sparks').getByRole('checkbox', { name: 'Spark Nuevo' }).check();
    await owner.getByLabel('Expires').selectOption('90');
    await owner.getByRole('button', { name: 'Create key' }).click();
    const created = owner.getByTestId('created-key');
    await created.getByRole('heading', { name: 'Your new key “Bakery website”' }).waitFor();
    // The heading takes the focus, so a keyboard user lands on the secret.
    expect(await owner.evaluate(() => document.activeElement?.id)).toBe('created-key-title');
    secret = ((await created.locator('pre').first().textContent()) ?? '').trim();
    expect(secret).toMatch(/^spk_[\w-]{32}$/);
    apiKey = secret;
    await created.getByText(`/api/v1/sparks/${sparkId}/ask`).waitFor();
    await owner.getByTestId('api-keys').getByText('Bakery website').waitFor();
    await owner.getByTestId('api-keys').getByText('Ask · Change knowledge').waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await saveScreenshot(owner, 'developers-desktop');
    await created.getByRole('button', { name: 'I have saved it' }).click();
    await created.waitFor({ state: 'detached' });
    expect(await owner.content()).not.toContain(secret);
  });

  it('a script uploads the price list with the key and streams the answer from it', async () => {
    const form = new FormData();
    form.append('file', new Blob([PRICE_LIST], { type: 'text/markdown' }), 'prices.md');
    const uploaded = await fetch(`${base}/api/v1/sparks/${sparkId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${secret}` }, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const documentId = ((await uploaded.json()) as { data: Array<{ _id: string }> }).data[0]!._id;
    // The key may change the knowledge but not read it: the owner polls the document's status in the app's API.
    const token = await owner.evaluate(() => localStorage.getItem('access_token'));
    await expect
      .poll(
        async () =>
          (
            (await (await fetch(`${base}/api/v1/sparks/${sparkId}/documents/${documentId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
              data: { status: string };
            }
          ).data.status,
        { timeout: 30_000 },
      )
      .toBe('ready');
    const asked = await fetch(`${base}/api/v1/sparks/${sparkId}/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'How much is a sourdough loaf?' }),
    });
    expect(asked.status).toBe(200);
    let done: { answer: { content: string } | null } | undefined;
    for await (const event of readEvents(asked.body!)) if (event.event === 'done') done = JSON.parse(event.data);
    expect(done?.answer?.content).toContain('6 euros');
    await owner.reload();
    await owner
      .getByTestId('api-keys')
      .getByText(/Last used/)
      .waitFor();
  });

  it('her server receives a signed "person requested" webhook that the copied code verifies, and the log shows it', async () => {
    const arrived: Array<{ signature: string; body: string }> = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        arrived.push({ signature: String(request.headers['sparks-signature']), body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sparks`;
      await owner.getByLabel("Your server's address").fill(url);
      await owner.getByRole('checkbox', { name: 'A visitor asked for a person' }).waitFor();
      await owner.getByRole('button', { name: 'Add webhook' }).click();
      const shown = owner.getByTestId('webhook-secret');
      await shown.getByRole('heading', { name: `The signing secret for ${url}` }).waitFor();
      const secret = ((await shown.locator('pre').first().textContent()) ?? '').trim();
      expect(secret).toMatch(/^whsec_/);
      await shown.getByText('Check a delivery (Node.js)').waitFor();
      expect(await seriousViolations(owner)).toEqual([]);
      await saveScreenshot(owner, 'developers-webhook-desktop');
      await shown.getByRole('button', { name: 'I have saved it' }).click();

      const asked = await fetch(`${base}/api/v1/sparks/${sparkId}/ask`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'I would like to talk to a person' }),
      });
      expect(asked.status).toBe(200);
      await expect.poll(() => arrived.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const delivery = arrived[0]!;
      expect(JSON.parse(delivery.body)).toMatchObject({ event: 'person.requested', data: { sparkId, channel: 'api' } });
      expect(fromSparks(secret, delivery.signature, delivery.body)).toBe(true);
      expect(fromSparks(secret, delivery.signature, delivery.body.replace('person', 'persen'))).toBe(false);

      const hooks = owner.getByTestId('webhooks');
      await hooks.getByRole('button', { name: 'Show deliveries' }).click();
      await hooks.getByTestId('webhook-deliveries').getByText('Delivered').waitFor();
      await hooks
        .getByTestId('webhook-deliveries')
        .getByText(/HTTP 204/)
        .waitFor();
      await saveScreenshot(owner, 'developers-deliveries-desktop');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('revoking the key in the app stops the script at once', async () => {
    const keys = owner.getByTestId('api-keys');
    await keys.getByRole('button', { name: 'Revoke' }).click();
    await keys.getByText('Apps using “Bakery website” will stop working at once.').waitFor();
    await keys.getByRole('button', { name: 'Revoke key' }).click();
    await keys.getByText('Revoked').waitFor();
    const refused = await fetch(`${base}/api/v1/sparks/${sparkId}/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'How much is a sourdough loaf?' }),
    });
    expect(refused.status).toBe(401);
  });

  it('reads in Spanish on a phone, and nothing overflows', async () => {
    const { page: phone } = await signedInPage(base, product.browser(), VIEWPORTS.mobile, 'desarrolladora');
    await chooseSpanish(phone, true);
    await phone.goto(`${base}/developers`);
    await phone.getByRole('heading', { name: 'Desarrolladores', level: 1 }).waitFor();
    await phone.getByRole('checkbox', { name: 'Todos los Sparks, también los que crees después' }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await saveScreenshot(phone, 'developers-mobile-es');
    await phone.getByLabel('Nombre').fill('Mi aplicación');
    await phone.getByRole('button', { name: 'Crear clave' }).click();
    await phone.getByRole('heading', { name: 'Tu nueva clave «Mi aplicación»' }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await saveScreenshot(phone, 'developers-created-mobile-es');
    await phone.close();
  });
});
