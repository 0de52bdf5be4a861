import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@sparks/contract';
import { GOOD_PASSWORD, codeIn, errorOf, freshEmail, latestMail, post, register, tokensOf, verifiedAccount } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { oneTimeSecrets, tenants, users } from '../../db/schema.js';
import { PENDING_REGISTRATIONS_JOB } from './pending-registrations-job.js';
import { removeExpiredRegistrations } from './pending-registrations.js';
import { REPLACEABLE_AFTER_MS } from './registration-service.js';

const SQUATTER_PASSWORD = 'Squatter-Pass9';
const MINUTE = 60_000;

describe.each(testDatabaseTargets())('pending registrations on $name', (target) => {
  const app = appOnTarget(target);
  const db = () => app().database.db;
  const userOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
  /** Moves an account's creation back in time, as if it had been made `ms` ago. */
  const age = (email: string, ms: number) =>
    db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(users.email, email));
  const login = (username: string, password: string) => post(app(), '/auth/login', { username, password });
  const rowsOf = async (userId: string) => ({
    users: await db().select({ id: users.id }).from(users).where(eq(users.id, userId)),
    tenants: await db().select({ id: tenants.id }).from(tenants).where(eq(tenants.ownerId, userId)),
    secrets: await db().select({ id: oneTimeSecrets.id }).from(oneTimeSecrets).where(eq(oneTimeSecrets.userId, userId)),
  });

  it('lets the owner register again over a registration nobody verified: the new code works, the old password and code do not', async () => {
    const email = freshEmail('owner');
    expect((await register(app(), email, { password: SQUATTER_PASSWORD })).statusCode).toBe(201);
    const oldCode = codeIn((await latestMail(app(), email)).text);
    const old = await userOf(email);
    await age(email, REPLACEABLE_AFTER_MS + MINUTE);

    const again = await register(app(), email, { language: 'es' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ data: { username: email, email, verified: false } });
    const mail = await latestMail(app(), email);
    expect(mail.subject).toBe('Tu código de verificación de Sparks');
    const newCode = codeIn(mail.text);

    expect(await rowsOf(old!.id)).toEqual({ users: [], tenants: [], secrets: [] });
    expect(errorOf(await login(email, SQUATTER_PASSWORD)).code).toBe('WRONG_CREDENTIALS');
    if (oldCode !== newCode) expect(errorOf(await post(app(), '/auth/verify-code', { username: email, code: oldCode })).code).toBe('INVALID_CODE');
    expect((await post(app(), '/auth/verify-code', { username: email, code: newCode })).statusCode).toBe(200);
    expect(tokensOf(await login(email, GOOD_PASSWORD)).access_token).toBeTruthy();
    expect(errorOf(await login(email, SQUATTER_PASSWORD)).code).toBe('WRONG_CREDENTIALS');
  });

  it('leaves a registration alone during its first code lifetime, so nobody can swap its password while the owner types the code', async () => {
    const email = freshEmail('typing');
    await register(app(), email);
    const code = codeIn((await latestMail(app(), email)).text);
    await age(email, REPLACEABLE_AFTER_MS - MINUTE);
    const intruder = await register(app(), email, { password: SQUATTER_PASSWORD });
    expect(errorOf(intruder)).toMatchObject({ code: 'USER_EXISTS', errors: ['User already exists'] });
    expect((await post(app(), '/auth/verify-code', { username: email, code })).statusCode).toBe(200);
    expect(tokensOf(await login(email, GOOD_PASSWORD)).access_token).toBeTruthy();
  });

  it("still answers 'User already exists' for a verified address, however old", async () => {
    const { email } = await verifiedAccount(app());
    const before = await userOf(email);
    await age(email, 30 * DAY_MS);
    const again = await register(app(), email, { password: SQUATTER_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'USER_EXISTS', errors: ['User already exists'] });
    expect((await userOf(email))?.passwordHash).toBe(before?.passwordHash);
    expect(tokensOf(await login(email, GOOD_PASSWORD)).access_token).toBeTruthy();
  });

  it('removes registrations unverified for 7 days with their tenant and codes, and keeps fresh and verified ones', async () => {
    const expired = freshEmail('expired');
    const fresh = freshEmail('fresh');
    const almost = freshEmail('almost');
    await register(app(), expired);
    await register(app(), fresh);
    await register(app(), almost);
    const { email: verified } = await verifiedAccount(app());
    await age(expired, 7 * DAY_MS + MINUTE);
    await age(almost, 7 * DAY_MS - MINUTE);
    await age(verified, 30 * DAY_MS);
    const expiredUser = await userOf(expired);
    expect((await rowsOf(expiredUser!.id)).tenants).toHaveLength(1);

    expect(await removeExpiredRegistrations(db(), new Date())).toBeGreaterThanOrEqual(1);

    expect(await rowsOf(expiredUser!.id)).toEqual({ users: [], tenants: [], secrets: [] });
    for (const kept of [fresh, almost, verified]) {
      const user = await userOf(kept);
      expect(user, kept).toBeDefined();
      expect((await rowsOf(user!.id)).tenants, kept).toHaveLength(1);
    }
    expect(tokensOf(await login(verified, GOOD_PASSWORD)).access_token).toBeTruthy();
    // The address is free again, for anyone who can read its mail.
    expect((await verifiedAccount(app(), expired)).tokens.access_token).toBeTruthy();
  });

  it('counts the 7 days back from the time it is given', async () => {
    const email = freshEmail('later');
    await register(app(), email);
    const user = await userOf(email);
    await removeExpiredRegistrations(db(), new Date(Date.now() + 7 * DAY_MS - MINUTE));
    expect((await rowsOf(user!.id)).users).toHaveLength(1);
    await removeExpiredRegistrations(db(), new Date(Date.now() + 7 * DAY_MS + MINUTE));
    expect((await rowsOf(user!.id)).users).toEqual([]);
  });

  it('is run by the job queue', async () => {
    const emails = [freshEmail('queued'), freshEmail('queued')];
    for (const email of emails) {
      await register(app(), email);
      await age(email, 8 * DAY_MS);
    }
    await app().jobs.idle(PENDING_REGISTRATIONS_JOB);
    expect(await db().select().from(users).where(inArray(users.email, emails))).toEqual([]);
  });
});
