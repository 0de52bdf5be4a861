import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { refreshTokens } from '../../db/schema.js';
import { sha256 } from '../../lib/secrets.js';
import { GOOD_PASSWORD, errorOf, freshEmail, get, post, register, tokensOf, verifiedAccount } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };

describe.each(testDatabaseTargets())('sessions and tokens on $name', (target) => {
  const app = appOnTarget(target, { JWT_SECRET: SECRET });
  const login = (username: string, password: string, ip?: string) => post(app(), '/auth/login', { username, password }, { ip });

  it('logs in with the password and opens the profile with the access token', async () => {
    const { email } = await verifiedAccount(app());
    const tokens = tokensOf(await login(email, GOOD_PASSWORD));
    const profile = await get(app(), '/account/profile', tokens.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ data: { username: email, tenants: [{ status: 'active', subscription: { productName: 'Free Plan' } }] } });
  });

  it('answers a wrong password and an unknown user with the same status and body', async () => {
    const { email } = await verifiedAccount(app());
    const wrong = await login(email, 'Wrong-Pass1');
    const unknown = await login(freshEmail('nobody'), 'Wrong-Pass1');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(errorOf(wrong).errors).toEqual(['Wrong user or password']);
  });

  it('spends the same Argon2 work on an unknown user as on a wrong password, so timing does not tell who exists', async () => {
    const { email } = await verifiedAccount(app());
    // Counted, not timed: a wall-clock ratio fails on a busy machine, while the work done is exact.
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const hashesChecked = async (username: string) => {
        verify.mockClear();
        await login(username, 'Wrong-Pass1');
        return verify.mock.calls.map(([hash]) => hash.split('$').slice(1, 4).join('$'));
      };
      const known = await hashesChecked(email);
      const unknown = await hashesChecked(freshEmail('timing'));
      expect(known).toEqual(['argon2id$v=19$m=19456,p=1,t=2']);
      expect(unknown).toEqual(known);
    } finally {
      verify.mockRestore();
    }
  });

  it("tells an unverified user who knows the password 'User not verify'", async () => {
    const email = freshEmail('unverified');
    await register(app(), email);
    expect(errorOf(await login(email, GOOD_PASSWORD)).errors).toEqual(['User not verify']);
  });

  it('rotates the refresh token and revokes the family when a spent one comes back from another browser', async () => {
    const { tokens } = await verifiedAccount(app());
    const second = tokensOf(await post(app(), '/auth/refresh-token', { refresh_token: tokens.refresh_token }));
    expect(second.refresh_token).not.toBe(tokens.refresh_token);
    expect((await get(app(), '/account/profile', second.access_token)).statusCode).toBe(200);

    const replay = await post(app(), '/auth/refresh-token', { refresh_token: tokens.refresh_token }, { userAgent: 'Copied/1.0' });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('GRANT_INVALID');
    // The whole family is gone: the thief's and the owner's newest tokens alike.
    expect((await post(app(), '/auth/refresh-token', { refresh_token: second.refresh_token })).statusCode).toBe(401);
    expect((await get(app(), '/account/profile', second.access_token)).statusCode).toBe(403);
  });

  it('honours a spent token for a moment for the browser that spent it (two tabs, a lost answer), and then ends the family', async () => {
    const { tokens } = await verifiedAccount(app());
    const first = tokensOf(await post(app(), '/auth/refresh-token', { refresh_token: tokens.refresh_token }));
    const again = await post(app(), '/auth/refresh-token', { refresh_token: tokens.refresh_token });
    expect(again.statusCode).toBe(200);
    const sibling = tokensOf(again);
    expect(sibling.refresh_token).not.toBe(first.refresh_token);
    // Both are tokens of the one session, and each goes on rotating.
    expect(claimsOf(sibling.access_token).sid).toBe(claimsOf(first.access_token).sid);
    for (const pair of [first, sibling]) {
      expect((await get(app(), '/account/profile', pair.access_token)).statusCode).toBe(200);
      expect((await post(app(), '/auth/refresh-token', { refresh_token: pair.refresh_token })).statusCode).toBe(200);
    }

    // Past the reuse interval (30 s by default) the same browser's replay is a copy like any other.
    await app()
      .database.db.update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 31_000) })
      .where(eq(refreshTokens.tokenHash, sha256(tokens.refresh_token)));
    const late = await post(app(), '/auth/refresh-token', { refresh_token: tokens.refresh_token });
    expect(late.statusCode).toBe(401);
    expect(errorOf(late).code).toBe('GRANT_INVALID');
    expect((await get(app(), '/account/profile', sibling.access_token)).statusCode).toBe(403);
  });

  it('refuses a refresh token used as an access token and an access token used as a refresh token', async () => {
    const { tokens } = await verifiedAccount(app());
    expect((await get(app(), '/account/profile', tokens.refresh_token)).statusCode).toBe(403);
    expect((await post(app(), '/auth/refresh-token', { refresh_token: tokens.access_token })).statusCode).toBe(401);
  });

  it('refuses forged, unsigned, expired and foreign tokens with a 403 the client refreshes on', async () => {
    const { tokens } = await verifiedAccount(app());
    const [header, payload] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub: string; sid: string };
    const key = new TextEncoder().encode(SECRET);
    const base = () => new SignJWT({ sid: claims.sid }).setSubject(claims.sub).setIssuedAt();
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    const cases = {
      unsigned,
      'wrong signature': `${header}.${payload}.${'A'.repeat(43)}`,
      'other secret': await base()
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuer('sparks')
        .setAudience('sparks-api')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('another-secret-of-enough-length-000000')),
      expired: await base()
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuer('sparks')
        .setAudience('sparks-api')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(key),
      'wrong audience': await base()
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuer('sparks')
        .setAudience('someone-else')
        .setExpirationTime('5m')
        .sign(key),
      'wrong type': await base()
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('sparks')
        .setAudience('sparks-api')
        .setExpirationTime('5m')
        .sign(key),
      garbage: 'not.a.token',
    };
    for (const [label, token] of Object.entries(cases)) {
      const response = await get(app(), '/account/profile', token);
      expect(response.statusCode, label).toBe(403);
      expect(errorOf(response).code, label).toBe('TOKEN_INVALID');
    }
    expect((await get(app(), '/account/profile')).statusCode).toBe(401);
  });

  it('ends the session on logout: its access and refresh tokens stop working', async () => {
    const { tokens } = await verifiedAccount(app());
    expect((await post(app(), '/auth/logout', undefined, { token: tokens.access_token })).statusCode).toBe(200);
    expect((await get(app(), '/account/profile', tokens.access_token)).statusCode).toBe(403);
    expect((await post(app(), '/auth/refresh-token', { refresh_token: tokens.refresh_token })).statusCode).toBe(401);
  });

  it('limits password guesses per account across client addresses', async () => {
    const { email } = await verifiedAccount(app());
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await login(email, `Wrong-Pass${i}!`)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(errorOf(await login(email, GOOD_PASSWORD)).code).toBe('RATE_LIMITED');
  });

  it('refuses an exchange token that was never issued', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/v1/auth/exchange-token', headers: { authorization: 'Bearer made-up' } });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('GRANT_INVALID');
  });
});
