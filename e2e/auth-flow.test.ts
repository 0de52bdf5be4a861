import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsPeer, type DnsPeer } from '../test/support/dns-peer';
import { VIEWPORTS, launchBrowser, saveScreenshot, skipBrowserTests } from './support/browser';
import { codeIn, latestMailText, resetPathIn } from './support/mailbox';
import { startServer, type RunningServer } from './support/start-server';

const COPY = {
  en: {
    locale: 'en-US',
    createTab: 'Create account',
    email: 'E-mail',
    password: 'Password',
    accept: /I accept the privacy policy/,
    create: 'Create account',
    code: 'Confirmation code',
    welcome: (name: string) => `Welcome to Sparks, ${name}!`,
    greeting: (name: string) => `Hi, ${name}!`,
    logout: 'Log out',
    openMenu: 'Open the menu',
    login: 'Log in',
    loginTitle: 'Welcome back',
    forgotLink: 'Forgot your password?',
    sendLink: 'Send the link',
    sent: /a link to reset the password is on its way/,
    newPassword: 'New password',
    repeat: 'Repeat the new password',
    save: 'Save and log in',
  },
  es: {
    locale: 'es-ES',
    createTab: 'Crear cuenta',
    email: 'Correo electrónico',
    password: 'Contraseña',
    accept: /Acepto la política de privacidad/,
    create: 'Crear cuenta',
    code: 'Código de confirmación',
    welcome: (name: string) => `¡Te damos la bienvenida a Sparks, ${name}!`,
    greeting: (name: string) => `¡Hola, ${name}!`,
    logout: 'Cerrar sesión',
    openMenu: 'Abrir el menú',
    login: 'Iniciar sesión',
    loginTitle: 'Hola de nuevo',
    forgotLink: '¿Has olvidado tu contraseña?',
    sendLink: 'Enviar el enlace',
    sent: /te llega un enlace para restablecer la contraseña/,
    newPassword: 'Contraseña nueva',
    repeat: 'Repite la contraseña nueva',
    save: 'Guardar e iniciar sesión',
  },
} as const;

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
const greeting = (page: Page) => page.getByTestId('home-greeting').textContent();

/** In the main layout logging out is in the profile dropdown, inside the drawer on a phone. */
async function logoutFromMainLayout(page: Page, copy: (typeof COPY)[keyof typeof COPY], mobile: boolean): Promise<void> {
  if (mobile) await page.getByRole('button', { name: copy.openMenu }).click();
  await page.getByTestId('plan-label').click();
  await page.getByRole('menuitem', { name: copy.logout }).click();
}

describe.skipIf(skipBrowserTests)('accounts in the browser', () => {
  let server: RunningServer;
  let dns: DnsPeer;
  let browser: Browser;

  beforeAll(async () => {
    dns = await startDnsPeer({ mx: ['example.com'] });
    server = await startServer({ env: { DNS_SERVERS: dns.address } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dns?.close();
  });

  const flows = [
    { language: 'en', viewport: VIEWPORTS.desktop, name: 'English on a desktop' },
    { language: 'es', viewport: VIEWPORTS.mobile, name: 'Spanish on a phone' },
  ] as const;

  for (const flow of flows) {
    it(`registers, verifies, logs out and in, resets the password and keeps the session alive (${flow.name})`, async () => {
      const copy = COPY[flow.language];
      const context = await browser.newContext({ viewport: flow.viewport, locale: copy.locale });
      const page = await context.newPage();
      const email = `e2e.${flow.language}.${Date.now()}@example.com`;
      const password = 'First-Pass1!';

      // A protected page without a session goes to /auth.
      await page.goto(`${server.url}/`);
      await page.waitForURL(/\/auth/);

      await page.getByRole('link', { name: copy.createTab }).click();
      await page.getByLabel(copy.email).fill(email);
      await page.getByLabel(copy.password, { exact: true }).fill(password);
      await page.getByLabel(copy.accept).check();
      await saveScreenshot(page, `register-${flow.language}`);
      await page.getByRole('button', { name: copy.create }).click();

      const code = codeIn(await latestMailText(server.url, email));
      expect(code).toMatch(/^\d{6}$/);
      await page.getByLabel(copy.code).fill(code);
      await page.waitForURL(/\/onBoarding$/);
      await expect.poll(() => heading(page)).toBe(copy.welcome(email.split('@')[0]!));

      await page.getByRole('button', { name: copy.logout }).click();
      await page.waitForURL(/\/auth$/);
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

      await page.getByLabel(copy.email).fill(email);
      await page.getByLabel(copy.password, { exact: true }).fill(password);
      await page.getByRole('button', { name: copy.login, exact: true }).click();
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => greeting(page)).toBe(copy.greeting(email.split('@')[0]!));
      await saveScreenshot(page, `home-${flow.language}`);

      // An expired access token is replaced through the refresh token without the user noticing.
      const refreshBefore = await page.evaluate(() => localStorage.getItem('refresh_token'));
      await page.evaluate(() => localStorage.setItem('access_token', 'expired.or.forged'));
      await page.reload();
      await expect.poll(() => greeting(page)).toBe(copy.greeting(email.split('@')[0]!));
      expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).not.toBe(refreshBefore);

      // Forgotten password: the e-mailed link resets it and logs the user in.
      await logoutFromMainLayout(page, copy, flow.viewport === VIEWPORTS.mobile);
      await page.waitForURL(/\/auth$/);
      await page.getByRole('link', { name: copy.forgotLink }).click();
      // The login form stays on screen until the forgot-password screen has loaded: fill the new one.
      await page.waitForURL(/\/forgot-password$/);
      await page.getByRole('button', { name: copy.sendLink }).waitFor();
      await page.getByLabel(copy.email).fill(email);
      await page.getByRole('button', { name: copy.sendLink }).click();
      await page.getByText(copy.sent).waitFor();
      const resetPath = resetPathIn(await latestMailText(server.url, email));
      expect(resetPath).toContain('/reset-password?token=');
      await page.goto(`${server.url}${resetPath}`);
      await page.getByLabel(copy.newPassword, { exact: true }).fill('Second-Pass2!');
      await page.getByLabel(copy.repeat, { exact: true }).fill('Second-Pass2!');
      await saveScreenshot(page, `reset-${flow.language}`);
      await page.getByRole('button', { name: copy.save }).click();
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => greeting(page)).toBe(copy.greeting(email.split('@')[0]!));

      // A revoked session: the refresh fails, storage is cleared and the user is back at /auth.
      await page.evaluate(() => {
        localStorage.setItem('access_token', 'expired.or.forged');
        localStorage.setItem('refresh_token', 'revoked-refresh-token');
      });
      await page.reload();
      await page.waitForURL(/\/auth$/);
      await expect.poll(() => heading(page)).toBe(copy.loginTitle);
      expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
      await context.close();
    });
  }

  it('shows the validation messages of the spec before calling the server', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop, locale: 'en-US' });
    await page.goto(`${server.url}/auth#register`);
    await page.getByRole('button', { name: 'Create account' }).last().click();
    await page.getByText('Required field').first().waitFor();
    await page.getByText('You must accept the privacy policy').waitFor();
    await page.getByLabel('E-mail').fill('no-at-sign');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).last().click();
    await page.getByText('Invalid parameters').waitFor();
    await page.getByText('Minimum 8 characters').waitFor();
    await page.getByLabel('E-mail').fill('someone@nowhere.example');
    await page.getByLabel('Password', { exact: true }).fill('Good-Pass1!');
    await page.getByLabel(/I accept/).check();
    await page.getByRole('button', { name: 'Create account' }).last().click();
    await page.getByText("Invalid domain 'nowhere.example'").waitFor();
    await page.close();
  });

  it('sends a stored session of another user back to /auth with storage cleared', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const email = `e2e.owner.${Date.now()}@example.com`;
    const register = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, email, password: 'Owner-Pass1!', config: { language: 'en' } }),
    });
    expect(register.status).toBe(201);
    const code = codeIn(await latestMailText(server.url, email));
    const verified = (await (
      await fetch(`${server.url}/api/v1/auth/verify-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, code }),
      })
    ).json()) as { data: { access_token: string; refresh_token: string } };
    await page.goto(`${server.url}/auth`);
    await page.evaluate((tokens) => {
      localStorage.setItem('access_token', tokens.access_token);
      localStorage.setItem('refresh_token', tokens.refresh_token);
      localStorage.setItem('chat_conversations', JSON.stringify([{ userId: 'someone-else', sparkId: 's1', conversationId: 'c1', messages: [] }]));
    }, verified.data);
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem('chat_conversations'))).toBeNull();
    await page.close();
  });
});
