import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileOidcPeer, type HostileMode, type HostileOidcPeer } from '../../../../../test/support/hostile-oidc-peer.js';
import { freshEmail, get, GOOD_PASSWORD, post, register, tokensOf, verifiedAccount } from '#test/accounts-helpers.js';
import { startTestApp } from '#test/test-app.js';
import { oneTimeSecrets, userIdentities, users } from '../../db/schema.js';

describe('sign-in refuses what an OpenID provider should not have sent', () => {
  const publicUrl = 'http://127.0.0.1:4997';
  const callbackUrl = `${publicUrl}/api/v1/auth/service/google/callback`;
  let peer: HostileOidcPeer;
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    peer = await startHostileOidcPeer(callbackUrl);
    harness = await startTestApp(undefined, {
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: peer.clientId,
      GOOGLE_CLIENT_SECRET: peer.clientSecret,
      GOOGLE_ISSUER: peer.issuer,
    });
  });
  afterAll(async () => {
    await harness.stop();
    await peer.close();
  });

  let subjects = 0;
  const freshAccount = (email = freshEmail('social')) => ({ sub: `subject-${(subjects += 1)}-${Date.now().toString(36)}`, email });

  /** Walks the browser's part: our login URL, the provider's redirect back; returns the callback path the browser would open. */
  async function browserBackFromPeer(): Promise<string> {
    const login = await get(harness.app, '/auth/service/google/login');
    expect(login.statusCode, login.payload).toBe(200);
    const atPeer = await fetch((login.json() as { data: { url: string } }).data.url, { redirect: 'manual' });
    expect(atPeer.status).toBe(302);
    const back = new URL(atPeer.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(callbackUrl);
    expect(back.searchParams.get('code')).toBeTruthy();
    return `${back.pathname}${back.search}`;
  }

  const openCallback = async (path: string): Promise<string> => {
    const response = await harness.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(302);
    return String(response.headers.location);
  };

  const db = () => harness.app.database.db;
  const counts = async () => ({
    users: (await db().select({ id: users.id }).from(users)).length,
    identities: (await db().select({ id: userIdentities.id }).from(userIdentities)).length,
    exchangeTokens: (await db().select({ id: oneTimeSecrets.id }).from(oneTimeSecrets).where(eq(oneTimeSecrets.purpose, 'exchange'))).length,
  });
  const identityOf = async (sub: string) =>
    db()
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, peer.issuer), eq(userIdentities.subject, sub)));
  const tokenIn = (location: string): string => {
    const match = /^http:\/\/127\.0\.0\.1:4997\/auth\/callback#token=([^&]+)$/.exec(location);
    if (!match?.[1]) throw new Error(`not a sign-in: ${location}`);
    return decodeURIComponent(match[1]);
  };

  it('signs in with a correct ID token from this same peer, so the refusals below come from the planted flaw alone', async () => {
    const account = freshAccount();
    peer.answerWith('good', account);
    const before = await counts();
    const issuedBefore = peer.issued.length;

    const token = tokenIn(await openCallback(await browserBackFromPeer()));

    expect(peer.issued.slice(issuedBefore)).toEqual(['good']);
    expect(tokensOf(await get(harness.app, '/auth/exchange-token', token)).access_token).toBeTruthy();
    expect(await counts()).toEqual({ users: before.users + 1, identities: before.identities + 1, exchangeTokens: before.exchangeTokens + 1 });
    const [identity] = await identityOf(account.sub);
    const [user] = await db().select().from(users).where(eq(users.id, identity!.userId));
    expect(user).toMatchObject({ email: account.email, passwordHash: null });
  });

  it.each<[string, HostileMode]>([
    ['issued to another client', 'wrong-audience'],
    ['signed with a key the provider does not publish', 'bad-signature'],
  ])('refuses an ID token %s: no session, no user', async (_flaw, mode) => {
    const account = freshAccount();
    peer.answerWith(mode, account);
    const before = await counts();
    const issuedBefore = peer.issued.length;

    const location = await openCallback(await browserBackFromPeer());

    expect(location).toBe(`${publicUrl}/auth/callback#error=provider-error`);
    // The flawed token really was handed to the server: the refusal is not the peer failing some earlier step.
    expect(peer.issued.slice(issuedBefore)).toEqual([mode]);
    expect(await counts()).toEqual(before);
    expect(await db().select().from(users).where(eq(users.email, account.email))).toEqual([]);
    expect(await identityOf(account.sub)).toEqual([]);
  });

  // social.test.ts replays a state whose first use failed; this replays a callback that succeeded.
  it('refuses the same callback URL the second time, without asking the provider again', async () => {
    peer.answerWith('good', freshAccount());
    const path = await browserBackFromPeer();
    const issuedBefore = peer.issued.length;

    const token = tokenIn(await openCallback(path));
    const afterFirst = await counts();
    const replayed = await openCallback(path);

    expect(replayed).toBe(`${publicUrl}/auth/callback#error=invalid-state`);
    expect(peer.issued.length).toBe(issuedBefore + 1);
    expect(await counts()).toEqual(afterFirst);
    expect(tokensOf(await get(harness.app, '/auth/exchange-token', token)).access_token).toBeTruthy();
  });

  it('refuses a provider e-mail that belongs to a password account, in any letter case, and leaves that account as it was', async () => {
    const { email } = await verifiedAccount(harness.app);
    const [owner] = await db().select().from(users).where(eq(users.email, email));
    expect(owner?.passwordHash).toMatch(/^\$argon2id\$/);
    const account = freshAccount(email.toUpperCase());
    peer.answerWith('good', account);
    const before = await counts();
    const issuedBefore = peer.issued.length;

    const location = await openCallback(await browserBackFromPeer());

    expect(location).toBe(`${publicUrl}/auth/callback#error=account-exists`);
    expect(peer.issued.slice(issuedBefore)).toEqual(['good']);
    expect(await counts()).toEqual(before);
    expect(await db().select().from(users).where(eq(users.id, owner!.id))).toEqual([owner]);
    expect(await identityOf(account.sub)).toEqual([]);
    expect(tokensOf(await post(harness.app, '/auth/login', { username: email, password: GOOD_PASSWORD })).access_token).toBeTruthy();
  });

  it('lets a provider-verified owner in over a registration nobody verified, which stops working', async () => {
    const email = freshEmail('squatted');
    expect((await register(harness.app, email, { password: 'Squatter-Pass9' })).statusCode).toBe(201);
    const [pending] = await db().select().from(users).where(eq(users.email, email));
    expect(pending?.verifiedAt).toBeNull();
    const account = freshAccount(email);
    peer.answerWith('good', account);

    const location = await openCallback(await browserBackFromPeer());

    expect(tokensOf(await get(harness.app, '/auth/exchange-token', tokenIn(location))).access_token).toBeTruthy();
    const [owner] = await db().select().from(users).where(eq(users.email, email));
    expect(owner?.id).not.toBe(pending?.id);
    expect(owner?.verifiedAt).not.toBeNull();
    expect(owner?.passwordHash).toBeNull();
    expect(await identityOf(account.sub)).toHaveLength(1);
    expect((await post(harness.app, '/auth/login', { username: email, password: 'Squatter-Pass9' })).statusCode).not.toBe(200);
  });
});
