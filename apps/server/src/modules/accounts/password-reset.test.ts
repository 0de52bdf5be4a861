import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, errorOf, freshEmail, get, latestMail, linkTokenIn, post, register, tokensOf, verifiedAccount } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { oneTimeSecrets, outboxEmails } from '../../db/schema.js';

const NEW_PASSWORD = 'Brand-New-Pass2';

describe.each(testDatabaseTargets())('password reset on $name', (target) => {
  const app = appOnTarget(target, { PUBLIC_URL: 'https://sparks.example' });
  const forgot = (email: string) => post(app(), '/users/forgot-password', { email });
  const reset = (token: string, newPassword = NEW_PASSWORD) => post(app(), '/users/reset-password', { newPassword }, { token });

  async function resetLink(email: string): Promise<string> {
    expect((await forgot(email)).statusCode).toBe(200);
    const mail = await latestMail(app(), email);
    expect(mail.text).toContain('https://sparks.example/reset-password?token=');
    return linkTokenIn(mail.text);
  }

  it('resets through the mailed link, ends old sessions and logs in with the returned token', async () => {
    const { email, tokens: old } = await verifiedAccount(app());
    const token = await resetLink(email);
    const response = await reset(token);
    expect(response.statusCode).toBe(200);
    const loginToken = (response.json() as { data: { token: string } }).data.token;

    expect((await get(app(), '/account/profile', old.access_token)).statusCode).toBe(403);
    expect((await post(app(), '/auth/refresh-token', { refresh_token: old.refresh_token })).statusCode).toBe(401);

    const fresh = tokensOf(await post(app(), '/auth/login', undefined, { token: loginToken }));
    expect((await get(app(), '/account/profile', fresh.access_token)).statusCode).toBe(200);
    expect((await post(app(), '/auth/login', undefined, { token: loginToken })).statusCode).toBe(401);
    expect(errorOf(await post(app(), '/auth/login', { username: email, password: GOOD_PASSWORD })).code).toBe('WRONG_CREDENTIALS');
    expect((await post(app(), '/auth/login', { username: email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a reset link used twice', async () => {
    const { email } = await verifiedAccount(app());
    const token = await resetLink(email);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'Another-Pass3');
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).code).toBe('GRANT_INVALID');
  });

  it('refuses an expired reset link', async () => {
    const { email } = await verifiedAccount(app());
    const token = await resetLink(email);
    await app()
      .database.db.update(oneTimeSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeSecrets.purpose, 'reset-password'));
    expect((await reset(token)).statusCode).toBe(401);
  });

  it('refuses an older link once a newer one was issued', async () => {
    const { email } = await verifiedAccount(app());
    const older = await resetLink(email);
    const newer = await resetLink(email);
    expect((await reset(older)).statusCode).toBe(401);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('refuses a weak new password and leaves the link usable', async () => {
    const { email } = await verifiedAccount(app());
    const token = await resetLink(email);
    for (const weak of ['Sh1!x', 'no-digits-Here', 'With Space1!', `Aa1!${'x'.repeat(100)}`]) {
      const response = await reset(token, weak);
      expect(response.statusCode, weak).toBe(400);
    }
    expect(errorOf(await reset(token, 'no-digits-Here')).errors[0]).toMatch(/^password is not strong enough/);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('answers an unknown address like a known one', async () => {
    const { email } = await verifiedAccount(app());
    const known = await forgot(email);
    const unknown = await forgot(freshEmail('nobody'));
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('answers an address with a never-verified registration exactly like an unknown one, and mails nothing', async () => {
    const pending = freshEmail('pending');
    await register(app(), pending);
    const mailsBefore = await app().database.db.select().from(outboxEmails).where(eq(outboxEmails.to, pending));
    const forPending = await forgot(pending);
    const forUnknown = await forgot(freshEmail('nobody'));
    expect(forPending.statusCode).toBe(forUnknown.statusCode);
    expect(forPending.headers['content-type']).toBe(forUnknown.headers['content-type']);
    expect(forPending.payload).toBe(forUnknown.payload);
    expect(await app().database.db.select().from(outboxEmails).where(eq(outboxEmails.to, pending))).toEqual(mailsBefore);
  });

  it('refuses a reset without a token, or with an access token', async () => {
    const { tokens } = await verifiedAccount(app());
    expect((await post(app(), '/users/reset-password', { newPassword: NEW_PASSWORD })).statusCode).toBe(401);
    expect((await reset(tokens.access_token)).statusCode).toBe(401);
  });
});
