import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SignedIn } from './support/accounts';
import { seriousViolations } from './support/axe';
import { VIEWPORTS, saveScreenshot, skipBrowserTests } from './support/browser';
import { newSparkByApi } from './support/chat-actions';
import { codeIn, latestMailText } from './support/mailbox';
import { useProductInBrowser } from './support/product';
import { signedInPage } from './support/signed-in-page';

/** Nothing on the page is wider than the screen. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// One walk in ordered steps that share its pages: each step has the whole test budget, so a slow machine is not
// failed for the walk's length, and a step that hangs is named in the report.
describe.skipIf(skipBrowserTests)('a team: the owner invites an agent, who joins on a phone in Spanish and is removed', () => {
  const product = useProductInBrowser();
  let base = '';
  let owner: Page;
  let phone: Page;
  let account: SignedIn;
  let sparkId = '';
  let email = '';
  let link = '';
  let tokens = { access_token: '' };

  it('the owner invites her assistant as an Agent from Settings › Team, the e-mail in Spanish', async () => {
    base = product.server().url;
    ({ page: owner, account } = await signedInPage(base, product.browser(), VIEWPORTS.desktop, 'bakery', { bypassCSP: true }));
    sparkId = await newSparkByApi(owner, base);

    // The owner opens the team from the profile menu and invites her assistant as an Agent, the e-mail in Spanish.
    await owner.getByTestId('plan-label').click();
    await owner.getByRole('menuitem', { name: 'Team' }).click();
    await owner.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await owner.getByText('1 of 2 seats used').waitFor();
    email = `assistant.${Date.now()}@example.com`;
    await owner.getByLabel('E-mail address').fill(email);
    await owner.getByLabel('Role', { exact: true }).selectOption('agent');
    await owner.getByLabel('Language of the e-mail').selectOption('es');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText(`Invitation sent to ${email}`).waitFor();
    await owner.getByTestId('team-invitations').getByText(email).waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await saveScreenshot(owner, 'team-desktop');
  });

  it('the assistant opens the link on her phone and joins with a new account', async () => {
    // The assistant opens the link on her phone, signed up with the address invited, in Spanish.
    const mail = await latestMailText(base, email);
    expect(mail).toContain('te ha invitado');
    link = /(\/invitation\?token=[\w%-]+)/.exec(mail)?.[1] ?? '';
    expect(link).toBeTruthy();
    phone = await product.browser().newPage({ viewport: VIEWPORTS.mobile, locale: 'es-ES' });
    await phone.context().addCookies([{ name: 'i18next', value: 'es', url: base }]);
    await phone.goto(`${base}${link}`);
    await phone.getByRole('heading', { name: 'Unirte a un equipo' }).waitFor();
    await phone.getByText('como Agente').waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await saveScreenshot(phone, 'team-invitation-mobile-es');
    // Signed out: she creates her account with the address invited, types the e-mailed code, and is back at the invitation.
    await phone.getByRole('link', { name: 'Inicia sesión o crea una cuenta para aceptar' }).click();
    await phone.getByRole('link', { name: 'Crear cuenta' }).click();
    await phone.getByLabel('Correo electrónico').fill(email);
    await phone.getByLabel('Contraseña', { exact: true }).fill('Account-Pass1!');
    await phone.getByLabel(/Acepto la política de privacidad/).check();
    await phone.getByRole('button', { name: 'Crear cuenta' }).click();
    // The invitation came to this address first: the code is in the e-mail after it.
    let code = '';
    await expect
      .poll(async () => {
        const latest = await latestMailText(base, email);
        code = latest.includes('/invitation?token=') ? '' : codeIn(latest);
        return code;
      })
      .toMatch(/^\d{6}$/);
    await phone.getByLabel('Código de confirmación').fill(code);
    await phone.waitForURL(`${base}${link}`);
    tokens = await phone.evaluate(() => ({ access_token: localStorage.getItem('access_token') ?? '' }));
    await phone.getByRole('button', { name: 'Aceptar y unirme' }).click();
    await phone.waitForURL(`${base}/`);
  });

  it('as an agent she reads Live and sets her own e-mails, but cannot bill, build or delete', async () => {
    // As an agent she reads the Spark's Live view; billing and building are not hers.
    await phone.getByRole('button', { name: 'Abrir el menú' }).click();
    await phone.getByRole('link', { name: 'Ajustes' }).waitFor();
    expect(await phone.getByRole('link', { name: 'Facturación' }).count()).toBe(0);
    expect(await phone.getByRole('link', { name: 'Nuevo Spark' }).count()).toBe(0);
    await phone.keyboard.press('Escape');
    const listening = phone.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/sparks/${sparkId}/live/events`);
    await phone.goto(`${base}/spark/${sparkId}/live`);
    expect((await listening).status()).toBe(200);
    // Her own choice: no e-mail when a visitor asks for a person.
    const toggle = phone.getByLabel('Avísame por correo cuando un visitante pida una persona');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect
      .poll(async () => {
        const profile = await fetch(`${base}/api/v1/account/profile`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
        return ((await profile.json()) as { data: { tenants: Array<{ handoffEmails: boolean }> } }).data.tenants[0]?.handoffEmails;
      })
      .toBe(false);
    expect(await fitsWidth(phone)).toBe(true);
    await saveScreenshot(phone, 'team-agent-live-mobile-es');
    const deleted = await fetch(`${base}/api/v1/sparks/${sparkId}`, { method: 'DELETE', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(deleted.status).toBe(403);
  });

  it('the owner sees her on the phone, removes her, and her Live screen stops', async () => {
    // The team on the owner's phone, in Spanish: the member and her role, nothing wider than the screen.
    const ownerPhone = await product.browser().newPage({ viewport: VIEWPORTS.mobile });
    await ownerPhone.context().addCookies([{ name: 'i18next', value: 'es', url: base }]);
    await ownerPhone.goto(`${base}/auth`);
    await ownerPhone.evaluate((signedIn) => {
      localStorage.setItem('access_token', signedIn.access_token);
      localStorage.setItem('refresh_token', signedIn.refresh_token);
      localStorage.setItem('i18nextLng', 'es');
    }, account);
    await ownerPhone.goto(`${base}/team`);
    await ownerPhone.getByTestId('team-members').getByText(email, { exact: true }).waitFor();
    await ownerPhone.getByText('2 de 2 plazas ocupadas').waitFor();
    expect(await fitsWidth(ownerPhone)).toBe(true);
    await saveScreenshot(ownerPhone, 'team-mobile-es');
    await ownerPhone.getByTestId('team-members').scrollIntoViewIfNeeded();
    await saveScreenshot(ownerPhone, 'team-mobile-es-members');
    await ownerPhone.close();

    // The owner sees her in the team and removes her: the phone's Live screen stops at once, to the sign-in screen.
    await owner.reload();
    const row = owner.getByTestId('team-members').getByRole('listitem').filter({ hasText: email });
    await row.getByRole('button', { name: 'Remove' }).click();
    await row.getByRole('button', { name: 'Remove from the team' }).click();
    await owner.getByTestId('team-members').getByText(email, { exact: true }).waitFor({ state: 'detached' });
    await phone.waitForURL(`${base}/auth`, { timeout: 15_000 });
  });

  it('the activity log says who did what, and the owner deletes the account', async () => {
    // The activity log says who did it: the assistant joined, the owner removed her.
    await owner.reload();
    const log = owner.getByTestId('audit-events');
    await log.getByText('removed a member').waitFor();
    await log.getByRole('listitem').filter({ hasText: email }).filter({ hasText: 'joined the team' }).waitFor();
    await owner.getByLabel('What').selectOption('member.joined');
    await expect.poll(() => log.getByRole('listitem').count()).toBe(1);
    await owner.getByTestId('audit-events').scrollIntoViewIfNeeded();
    await saveScreenshot(owner, 'team-activity-desktop');

    // Last, the owner deletes the account: her address typed, and she is signed out with nothing left.
    await owner.getByRole('button', { name: 'Delete the account…' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Delete this account' });
    const forGood = dialog.getByRole('button', { name: 'Delete for good' });
    expect(await forGood.isDisabled()).toBe(true);
    await dialog.getByLabel(/Type your e-mail address/).fill(account.email);
    await forGood.click();
    await owner.waitForURL(`${base}/auth`);
    const gone = await fetch(`${base}/api/v1/sparks`, { headers: { authorization: `Bearer ${account.access_token}` } });
    expect(gone.status).toBe(403);
    await owner.close();
    await phone.close();
  });
});
