import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type JWTPayload, type JWTHeaderParameters } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, errorOf, freshEmail, get, latestMail, linkTokenIn, post, register, tokensOf, verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { type startTestApp, startTestAppOn } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { widgetClient } from '#test/widget-helpers.js';
import { sessions, users } from '#src/db/schema.js';
import { randomToken, sha256 } from '#src/lib/secrets.js';
import { SecretsRepository } from '#src/modules/accounts/secrets-repository.js';

/**
 * Attacks on the tokens of docs/decisions/0004, each proven against the real routes. Refused access
 * tokens answer 403 TOKEN_INVALID (the code the spec's client refreshes on, §8), never 401 or 5xx.
 * Attacks proven elsewhere, listed here so this file is the whole inventory:
 * - `alg: none`, a bad signature, another secret, an expired token, a wrong audience or `typ`:
 *   accounts/sessions.test.ts "refuses forged, unsigned, expired and foreign tokens".
 * - a refresh token as access token and an access token at the refresh endpoint: sessions.test.ts
 *   "refuses a refresh token used as an access token…".
 * - a refresh token used after rotation revokes the whole family (thief and owner): sessions.test.ts
 *   "rotates the refresh token and revokes the family…".
 * - a logged-out session's access and refresh tokens: sessions.test.ts "ends the session on logout".
 * - a reset link used twice, an access token as a reset token, a one-time login token used twice and
 *   a reset ending every session: accounts/password-reset.test.ts.
 */
const SECRET = 'token-suite-secret-that-is-long-enough-0123';
const KEY = new TextEncoder().encode(SECRET);
const SHOP = 'https://shop.example';
const NOW = () => Math.floor(Date.now() / 1000);

interface Forged {
  header?: Partial<JWTHeaderParameters>;
  claims?: JWTPayload;
  key?: Parameters<SignJWT['sign']>[0];
  /** Leave the claim out instead of setting it. */
  without?: Array<'iss' | 'aud' | 'exp'>;
}

/** A token built like the server's own, with one thing changed by the attacker. */
function forge(subject: { sub: string; sid: string }, { header = {}, claims = {}, key = KEY, without = [] }: Forged = {}): Promise<string> {
  const payload: JWTPayload = { sub: subject.sub, sid: subject.sid, iss: 'sparks', aud: 'sparks-api', iat: NOW(), exp: NOW() + 300, ...claims };
  for (const claim of without) delete payload[claim];
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', ...header } as JWTHeaderParameters).sign(key);
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function expectTokenRefused(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.payload}`).toBe(403);
  expect(errorOf(response).code, label).toBe('TOKEN_INVALID');
}

describe.each(testDatabaseTargets())('access, refresh and one-time tokens under attack on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  const app = () => harness.app;
  /** Stands where a jku header points: any fetch of it would be the server trusting the attacker's keys. */
  let keyHost: Server;
  const keyHostHits: string[] = [];

  beforeAll(async () => {
    harness = await startTestAppOn(target, { JWT_SECRET: SECRET, PUBLIC_URL: 'https://sparks.example' });
    keyHost = createServer((request, response) => {
      keyHostHits.push(request.url ?? '');
      response.end('{"keys":[]}');
    });
    await new Promise<void>((resolve) => keyHost.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => keyHost.close(resolve));
    await harness?.stop();
  });

  const profile = (token: string) => get(app(), '/account/profile', token);

  it('accepts its own well-formed token, so each refusal below is down to the one thing changed', async () => {
    const { tokens } = await verifiedAccount(app());
    expect((await profile(await forge(claimsOf(tokens.access_token)))).statusCode).toBe(200);
  });

  it('refuses tokens signed by anyone else: alg none in any case, other HMAC sizes, RS/ES keys carried in jwk, jku or kid', async () => {
    const { tokens } = await verifiedAccount(app());
    const subject = claimsOf(tokens.access_token);
    const payload = tokens.access_token.split('.')[1]!;
    const rsa = await generateKeyPair('RS256', { extractable: true });
    const ec = await generateKeyPair('ES256', { extractable: true });
    const rsaJwk = await exportJWK(rsa.publicKey);
    const jku = `http://127.0.0.1:${(keyHost.address() as AddressInfo).port}/jwks.json`;
    const cases: Record<string, string> = {};
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      cases[`alg ${alg}, empty signature`] = `${segment({ alg, typ: 'at+jwt' })}.${payload}.`;
      cases[`alg ${alg}, original signature kept`] = `${segment({ alg, typ: 'at+jwt' })}.${payload}.${tokens.access_token.split('.')[2]}`;
    }
    // The server's own secret, but an algorithm it does not use: the algorithm is pinned, not read from the header.
    cases['HS384 with the real secret'] = await forge(subject, { header: { alg: 'HS384' } });
    cases['HS512 with the real secret'] = await forge(subject, { header: { alg: 'HS512' } });
    cases['RS256 with its public key embedded as jwk'] = await forge(subject, { header: { alg: 'RS256', jwk: rsaJwk }, key: rsa.privateKey });
    cases['ES256 with its public key embedded as jwk'] = await forge(subject, {
      header: { alg: 'ES256', jwk: await exportJWK(ec.publicKey) },
      key: ec.privateKey,
    });
    cases['RS256 with a jku to the attacker’s keys'] = await forge(subject, { header: { alg: 'RS256', jku, kid: 'attacker' }, key: rsa.privateKey });
    cases['HS256 with a jku and another secret'] = await forge(subject, {
      header: { jku },
      key: new TextEncoder().encode('attacker-secret-attacker-secret-0000'),
    });
    // Classic confusion: a verifier that takes the key the header names and uses it as an HMAC secret.
    cases['HS256 keyed with the public key PEM it embeds'] = await forge(subject, {
      header: { jwk: rsaJwk },
      key: new TextEncoder().encode(await exportSPKI(rsa.publicKey)),
    });
    cases['kid pointing at a file with known content'] = await forge(subject, { header: { kid: '../../../../../dev/null' }, key: new Uint8Array(32) });
    cases['kid with SQL in it'] = await forge(subject, {
      header: { kid: "x' UNION SELECT 'attacker-secret" },
      key: new TextEncoder().encode('attacker-secret'),
    });
    for (const [label, token] of Object.entries(cases)) expectTokenRefused(await profile(token), label);
    expect(keyHostHits, 'the server fetched keys from a URL a token named').toEqual([]);
  });

  it('refuses claims the server never issues: not yet valid, wrong issuer or audience, no expiry, odd subject', async () => {
    const { tokens } = await verifiedAccount(app());
    const subject = claimsOf(tokens.access_token);
    const cases: Record<string, Forged> = {
      'nbf an hour ahead': { claims: { nbf: NOW() + 3600 } },
      'another issuer': { claims: { iss: 'https://accounts.example' } },
      'no issuer': { without: ['iss'] },
      'another audience': { claims: { aud: 'sparks-widget' } },
      'no audience': { without: ['aud'] },
      'no expiry at all': { without: ['exp'] },
      'expired ten seconds ago': { claims: { exp: NOW() - 10 } },
      'session id as a number': { claims: { sid: 12345 } },
      'typ of an ID token': { header: { typ: 'JWT' } },
    };
    for (const [label, forged] of Object.entries(cases)) expectTokenRefused(await profile(await forge(subject, forged)), label);
    // An audience list is honoured only when it names this API: the control for the 'another audience' case.
    expect((await profile(await forge(subject, { claims: { aud: ['other', 'sparks-api'] } }))).statusCode).toBe(200);
  });

  it('refuses every other kind of token where an access token belongs, and one-time tokens outside their purpose', async () => {
    const { email, tokens } = await verifiedAccount(app());
    const userId = claimsOf(tokens.access_token).sub;
    // An e-mail verification code of a second, still unverified account.
    const pending = freshEmail('pending');
    expect((await register(app(), pending)).statusCode).toBe(201);
    const code = codeIn((await latestMail(app(), pending)).text);
    expect((await post(app(), '/users/forgot-password', { email })).statusCode).toBe(200);
    const resetToken = linkTokenIn((await latestMail(app(), email)).text);
    // Sign-in callbacks issue exchange tokens through the same repository; a provider is not needed to hold one.
    const exchangeToken = randomToken();
    await new SecretsRepository(app().database.db).issue(userId, 'exchange', sha256(exchangeToken), 60_000);
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const widget = widgetClient(app(), tokens.access_token);
    const { deployToken } = await widget.deployment(spark._id);
    expect((await widget.allow(spark._id, [SHOP])).statusCode).toBe(200);
    const ticket = widget.ticketOf((await widget.frame(deployToken, `${SHOP}/help`)).payload);

    const foreign = {
      'refresh token': tokens.refresh_token,
      'verification code': code,
      'reset link token': resetToken,
      'exchange token': exchangeToken,
      'deploy token': deployToken,
      'widget ticket': ticket,
    };
    for (const [label, token] of Object.entries(foreign)) {
      expectTokenRefused(await profile(token), label);
      expect((await post(app(), '/auth/logout', undefined, { token })).statusCode, label).toBe(403);
    }
    // The other way round: an access token where the widget wants its ticket, or where one-time tokens go.
    expect((await widget.ask(deployToken, 'Hi', { 'x-sparks-ticket': tokens.access_token })).statusCode).toBe(403);
    expect((await post(app(), '/auth/login', undefined, { token: tokens.access_token })).statusCode).toBe(401);
    expect(
      (await app().inject({ method: 'GET', url: '/api/v1/auth/exchange-token', headers: { authorization: `Bearer ${tokens.access_token}` } })).statusCode,
    ).toBe(401);
    // One-time tokens are bound to their purpose: a reset link is no login token, an exchange token no reset link.
    expect(errorOf(await post(app(), '/auth/login', undefined, { token: resetToken })).code).toBe('GRANT_INVALID');
    expect((await post(app(), '/users/reset-password', { newPassword: 'Brand-New-Pass2' }, { token: exchangeToken })).statusCode).toBe(401);
    expect((await post(app(), '/auth/refresh-token', { refresh_token: resetToken })).statusCode).toBe(401);
    // Refused in the wrong place, each still works in its own: the refusals were about kind, not validity.
    const reset = await post(app(), '/users/reset-password', { newPassword: 'Brand-New-Pass2' }, { token: resetToken });
    expect(reset.statusCode).toBe(200);
    const loginToken = (reset.json() as { data: { token: string } }).data.token;
    expectTokenRefused(await profile(loginToken), 'one-time login token');
    expect((await post(app(), '/users/reset-password', { newPassword: 'Other-New-Pass3' }, { token: loginToken })).statusCode).toBe(401);
    expect((await profile(tokensOf(await post(app(), '/auth/login', undefined, { token: loginToken })).access_token)).statusCode).toBe(200);
    const exchanged = await app().inject({ method: 'GET', url: '/api/v1/auth/exchange-token', headers: { authorization: `Bearer ${exchangeToken}` } });
    expect((await profile(tokensOf(exchanged).access_token)).statusCode).toBe(200);
  });

  it('ends only the replayed family: the same user’s other sessions live on', async () => {
    const { email, tokens: phone } = await verifiedAccount(app());
    const laptop = tokensOf(await post(app(), '/auth/login', { username: email, password: 'Valid-Pass1' }));
    const rotated = tokensOf(await post(app(), '/auth/refresh-token', { refresh_token: phone.refresh_token }));
    const replay = await post(app(), '/auth/refresh-token', { refresh_token: phone.refresh_token }, { userAgent: 'Copied/1.0' });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('GRANT_INVALID');
    const [revoked] = await app()
      .database.db.select()
      .from(sessions)
      .where(eq(sessions.id, claimsOf(rotated.access_token).sid));
    expect(revoked?.revokedReason).toBe('refresh-token-replay');
    expectTokenRefused(await profile(rotated.access_token), 'the replayed family’s newest access token');
    expect((await profile(laptop.access_token)).statusCode).toBe(200);
    expect((await post(app(), '/auth/refresh-token', { refresh_token: laptop.refresh_token })).statusCode).toBe(200);
  });

  it('answers simultaneous refreshes from one browser with working tokens of the one session (two tabs), never a 500', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { tokens } = await verifiedAccount(app());
      const answers = await Promise.all([1, 2, 3].map(() => post(app(), '/auth/refresh-token', { refresh_token: tokens.refresh_token })));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const pairs = answers.map(tokensOf);
      // The spend is one conditional UPDATE: one request rotates, the others get the reuse interval's
      // tokens beside it (decision 0004), all in the same session and each distinct.
      expect(new Set(pairs.map((pair) => pair.refresh_token)).size).toBe(3);
      expect(new Set(pairs.map((pair) => claimsOf(pair.access_token).sid)).size).toBe(1);
      for (const pair of pairs) expect((await profile(pair.access_token)).statusCode).toBe(200);
    }
  });

  it('treats a refresh racing from another browser as theft: one clean answer at most, then the family ends', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { email, tokens } = await verifiedAccount(app());
      const other = tokensOf(await post(app(), '/auth/login', { username: email, password: 'Valid-Pass1' }));
      const answers = await Promise.all(
        ['Owner/1.0', 'Copied/1.0', 'Copied/2.0'].map((userAgent) =>
          post(app(), '/auth/refresh-token', { refresh_token: tokens.refresh_token }, { userAgent }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(
        statuses.every((status) => status === 200 || status === 401),
        statuses.join(),
      ).toBe(true);
      // Exactly one gets through the spend; the others come from other browsers than the spender.
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      for (const answer of answers.filter((each) => each.statusCode === 401)) expect(errorOf(answer).code).toBe('GRANT_INVALID');
      // Two browsers using one refresh token are indistinguishable from a copy racing its owner,
      // so the family ends, the winner's new tokens with it.
      const won = tokensOf(answers.find((answer) => answer.statusCode === 200)!);
      expectTokenRefused(await profile(won.access_token), 'the winner of a raced refresh');
      expect((await post(app(), '/auth/refresh-token', { refresh_token: won.refresh_token })).statusCode).toBe(401);
      expect((await profile(other.access_token)).statusCode).toBe(200);
    }
  });

  it('refuses a payload changed to another user, a mix of two users’ claims, and the tokens of a deleted account', async () => {
    const alice = await verifiedAccount(app());
    const bob = await verifiedAccount(app());
    const [header, , signature] = alice.tokens.access_token.split('.');
    const aliceClaims = JSON.parse(Buffer.from(alice.tokens.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const bobClaims = claimsOf(bob.tokens.access_token);
    const tampered = `${header}.${segment({ ...aliceClaims, sub: bobClaims.sub })}.${signature}`;
    expectTokenRefused(await profile(tampered), 'sub changed, signature kept');
    expectTokenRefused(await profile(`${header}.${segment({ ...aliceClaims, sid: bobClaims.sid })}.${signature}`), 'sid changed, signature kept');
    // Even with a valid signature, a session opens only its own user's account.
    expectTokenRefused(await profile(await forge({ sub: bobClaims.sub, sid: claimsOf(alice.tokens.access_token).sid })), 'Bob as subject of Alice’s session');
    expect((await profile(alice.tokens.access_token)).statusCode).toBe(200);

    const doomed = await verifiedAccount(app());
    await app()
      .database.db.delete(users)
      .where(eq(users.id, claimsOf(doomed.tokens.access_token).sub));
    expectTokenRefused(await profile(doomed.tokens.access_token), 'deleted account');
    expect((await post(app(), '/auth/logout', undefined, { token: doomed.tokens.access_token })).statusCode).toBe(403);
    const refresh = await post(app(), '/auth/refresh-token', { refresh_token: doomed.tokens.refresh_token });
    expect(refresh.statusCode).toBe(401);
    expect(errorOf(refresh).code).toBe('GRANT_INVALID');
    expect(errorOf(await post(app(), '/auth/login', { username: doomed.email, password: 'Valid-Pass1' })).code).toBe('WRONG_CREDENTIALS');
  });
});
