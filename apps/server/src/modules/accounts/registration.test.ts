import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeIn, errorOf, freshEmail, latestMail, post, register, tokensOf, verifiedAccount, GOOD_PASSWORD } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { oneTimeSecrets, tenants, users } from '../../db/schema.js';

describe.each(testDatabaseTargets())('registration and verification on $name', (target) => {
  const app = appOnTarget(target);

  it('creates the user with an Argon2id hash and a 15-day Free Plan tenant, and mails a code in their language', async () => {
    const email = freshEmail('ana');
    const response = await register(app(), email, { language: 'es' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ data: { username: email, email, verified: false } });
    const [user] = await app().database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.passwordHash).not.toContain(GOOD_PASSWORD);
    const [tenant] = await app().database.db.select().from(tenants).where(eq(tenants.ownerId, user!.id));
    expect(tenant).toMatchObject({ status: 'active', planSlug: 'free' });
    expect(tenant!.customerId).toMatch(/^cus_/);
    const trialDays = (tenant!.trialEndsAt!.getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(14.99);
    expect(trialDays).toBeLessThanOrEqual(15);
    const mail = await latestMail(app(), email);
    expect(mail.subject).toBe('Tu código de verificación de Sparks');
    expect(codeIn(mail.text)).toMatch(/^\d{6}$/);
  });

  it("answers 'User already exists' for a taken address, in any letter case", async () => {
    const { email } = await verifiedAccount(app());
    const again = await register(app(), email.toUpperCase());
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ errors: ['User already exists'], code: 'USER_EXISTS' });
  });

  it('refuses a login name that is another e-mail address than the one verified, and claims neither', async () => {
    const victim = freshEmail('victim');
    const squatter = freshEmail('squatter');
    const response = await post(app(), '/auth/register', { username: victim, email: squatter, password: GOOD_PASSWORD, config: { language: 'en' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', errors: ['body.username: must be the same e-mail address as body.email'] });
    expect(
      await app()
        .database.db.select()
        .from(users)
        .where(or(eq(users.username, victim), eq(users.email, squatter))),
    ).toEqual([]);
    expect((await verifiedAccount(app(), victim)).tokens.access_token).toBeTruthy();
  });

  it('takes a login name that differs from the e-mail only in letter case, stored lower-cased', async () => {
    const email = freshEmail('cased');
    const response = await post(app(), '/auth/register', { username: email.toUpperCase(), email, password: GOOD_PASSWORD, config: { language: 'en' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ data: { username: email, email } });
    const code = codeIn((await latestMail(app(), email)).text);
    expect((await post(app(), '/auth/verify-code', { username: email.toUpperCase(), code })).statusCode).toBe(200);
  });

  it('still refuses a login name that is not an e-mail address at all, as the schema always has', async () => {
    const response = await post(app(), '/auth/register', {
      username: 'plain-name',
      email: freshEmail('plain'),
      password: GOOD_PASSWORD,
      config: { language: 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', errors: ['body.username: must be an e-mail address'] });
  });

  it("answers a weak password with the spec's 'password is not strong enough' message and creates nothing", async () => {
    const email = freshEmail('weak');
    const response = await register(app(), email, { password: 'password' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors[0]).toMatch(/^password is not strong enough/);
    expect(await app().database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each([
    ['a wrong type', { username: 42, email: 'x@example.com', password: GOOD_PASSWORD, config: { language: 'en' } }],
    [
      'an over-long e-mail',
      { username: `${'a'.repeat(250)}@example.com`, email: `${'a'.repeat(250)}@example.com`, password: GOOD_PASSWORD, config: { language: 'en' } },
    ],
    ['an over-long password', { username: 'long@example.com', email: 'long@example.com', password: `Aa1!${'x'.repeat(200)}`, config: { language: 'en' } }],
    ['an unknown language', { username: 'lang@example.com', email: 'lang@example.com', password: GOOD_PASSWORD, config: { language: 'fr' } }],
    ['an empty body', {}],
    [
      'a field that sets verification',
      { username: 'mass@example.com', email: 'mass@example.com', password: GOOD_PASSWORD, config: { language: 'en' }, verified: true },
    ],
    [
      'SQL in the e-mail',
      { username: "x'; drop table users;--@example.com", email: "x'; drop table users;--@example.com", password: GOOD_PASSWORD, config: { language: 'en' } },
    ],
    ['a unicode-only e-mail', { username: '💥💥💥', email: '💥💥💥', password: GOOD_PASSWORD, config: { language: 'en' } }],
  ])('refuses %s with a 400 that names the problem', async (_label, payload) => {
    const response = await post(app(), '/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(errorOf(response).errors.join(' ')).toMatch(/body/);
  });

  it('verifies with the mailed code once, then answers that the user is already verified', async () => {
    const email = freshEmail('verify');
    await register(app(), email);
    const code = codeIn((await latestMail(app(), email)).text);
    const tokens = tokensOf(await post(app(), '/auth/verify-code', { username: email, code }));
    expect(tokens.refresh_Token).toBe(tokens.refresh_token);
    const again = await post(app(), '/auth/verify-code', { username: email, code });
    expect(errorOf(again).errors).toEqual(['User alredy verify']);
    expect(errorOf(await post(app(), '/auth/verify-code', { username: freshEmail('ghost'), code })).errors).toEqual(['User not found']);
  });

  it('refuses an expired code', async () => {
    const email = freshEmail('expired');
    await register(app(), email);
    const code = codeIn((await latestMail(app(), email)).text);
    const [user] = await app().database.db.select().from(users).where(eq(users.email, email));
    await app()
      .database.db.update(oneTimeSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeSecrets.userId, user!.id));
    expect(errorOf(await post(app(), '/auth/verify-code', { username: email, code })).errors).toEqual(['Invalid verification code']);
  });

  it('burns the code after 5 wrong guesses in a row', async () => {
    const email = freshEmail('brute');
    await register(app(), email);
    const code = codeIn((await latestMail(app(), email)).text);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect(errorOf(await post(app(), '/auth/verify-code', { username: email, code: wrong })).code).toBe('INVALID_CODE');
    }
    expect(errorOf(await post(app(), '/auth/verify-code', { username: email, code })).errors).toEqual(['Invalid verification code']);
  });

  it('counts parallel guesses against the same budget of 5', async () => {
    const email = freshEmail('parallel');
    await register(app(), email);
    const code = codeIn((await latestMail(app(), email)).text);
    const guesses = Array.from({ length: 8 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => post(app(), '/auth/verify-code', { username: email, code: guess })));
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    const [user] = await app().database.db.select().from(users).where(eq(users.email, email));
    const [secret] = await app().database.db.select().from(oneTimeSecrets).where(eq(oneTimeSecrets.userId, user!.id));
    expect(secret!.attempts).toBe(5);
    expect(errorOf(await post(app(), '/auth/verify-code', { username: email, code })).code).toBe('INVALID_CODE');
  });

  it('resends a new code that replaces the old one, with a cooldown', async () => {
    const email = freshEmail('resend');
    await register(app(), email);
    const first = codeIn((await latestMail(app(), email)).text);
    const ip = '203.0.113.50';
    expect((await post(app(), '/auth/send-code', { username: email }, { ip })).statusCode).toBe(200);
    const second = codeIn((await latestMail(app(), email)).text);
    const tooSoon = await post(app(), '/auth/send-code', { username: email }, { ip });
    expect(tooSoon.statusCode).toBe(429);
    expect(errorOf(tooSoon).errors[0]).toMatch(/Please wait \d+ seconds/);
    if (first !== second) {
      expect(errorOf(await post(app(), '/auth/verify-code', { username: email, code: first })).code).toBe('INVALID_CODE');
    }
    expect((await post(app(), '/auth/verify-code', { username: email, code: second })).statusCode).toBe(200);
  });

  it('answers a resend for an unknown address exactly as for a known one', async () => {
    const known = freshEmail('known');
    await register(app(), known);
    const forKnown = await post(app(), '/auth/send-code', { username: known });
    const forUnknown = await post(app(), '/auth/send-code', { username: freshEmail('nobody') });
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.json()).toEqual(forKnown.json());
  });

  it('limits verification attempts per client address', async () => {
    const ip = '203.0.113.99';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await post(app(), '/auth/verify-code', { username: freshEmail('flood'), code: '123456' }, { ip })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
