import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, get, verifiedAccount } from '#test/accounts-helpers.js';
import { startTestApp } from '#test/test-app.js';
import { tenants, users } from '../../db/schema.js';

describe('profile', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    harness = await startTestApp(undefined);
  });
  afterAll(async () => harness.stop());
  const app = () => harness.app;
  const patch = (token: string, payload: unknown) =>
    app().inject({ method: 'PATCH', url: '/api/v1/account/profile', payload: payload as object, headers: { authorization: `Bearer ${token}` } });

  it('updates names, phone and language and returns the whole user', async () => {
    const { tokens } = await verifiedAccount(app());
    const response = await patch(tokens.access_token, { firstname: ' Ana ', lastname: 'García', phone: '+34 600 000 000', config: { language: 'es' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { firstname: 'Ana', lastname: 'García', phone: '+34 600 000 000', config: { language: 'es' } } });
    const cleared = await patch(tokens.access_token, { phone: '   ' });
    expect(cleared.json()).toMatchObject({ data: { phone: null, firstname: 'Ana' } });
  });

  it.each([
    ['a tenant list', { tenants: [{ status: 'active', subscription: { productName: 'Emerald' } }] }],
    ['a plan', { planSlug: 'emerald' }],
    ['an id', { id: '00000000-0000-0000-0000-000000000000' }],
    ['a username', { username: 'admin@example.com' }],
    ['a verified flag', { verifiedAt: '2020-01-01' }],
    ['a nested extra field', { config: { language: 'en', admin: true } }],
  ])('refuses %s (no mass assignment) and changes nothing', async (_label, payload) => {
    const { email, tokens } = await verifiedAccount(app());
    const response = await patch(tokens.access_token, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    const [user] = await app().database.db.select().from(users).where(eq(users.email, email));
    expect(user?.username).toBe(email);
    const [tenant] = await app().database.db.select().from(tenants).where(eq(tenants.ownerId, user!.id));
    expect(tenant?.planSlug).toBe('free');
  });

  it.each([
    ['an over-long name', { firstname: 'x'.repeat(81) }],
    ['a number as name', { firstname: 12 }],
    ['letters in the phone', { phone: 'call me maybe' }],
    ['an unknown language', { config: { language: 'de' } }],
  ])('refuses %s with a 400', async (_label, payload) => {
    const { tokens } = await verifiedAccount(app());
    expect((await patch(tokens.access_token, payload)).statusCode).toBe(400);
  });

  it('accepts unicode names as they are', async () => {
    const { tokens } = await verifiedAccount(app());
    const response = await patch(tokens.access_token, { firstname: 'Zoë 李 👩🏽‍💻', lastname: "O'Brien; DROP TABLE users" });
    expect(response.json()).toMatchObject({ data: { firstname: 'Zoë 李 👩🏽‍💻', lastname: "O'Brien; DROP TABLE users" } });
    expect((await get(app(), '/account/profile', tokens.access_token)).json()).toMatchObject({ data: { firstname: 'Zoë 李 👩🏽‍💻' } });
  });
});
