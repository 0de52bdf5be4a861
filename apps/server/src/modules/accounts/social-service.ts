import { DAY_MS, ERROR_CODES } from '@sparks/contract';
import * as oidc from 'openid-client';
import type { Config } from '../../config/config.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { AccountDeps } from './account-deps.js';
import { SecretsRepository } from './secrets-repository.js';
import { SignInAttemptsRepository } from './sign-in-attempts-repository.js';
import { UsersRepository, isUniqueViolation } from './users-repository.js';

type Provider = Config['socialProviders'][number];

const ATTEMPT_TTL_MS = 10 * 60 * 1000;
const EXCHANGE_TTL_MS = 2 * 60 * 1000;

interface Identity {
  iss: string;
  sub: string;
  email?: unknown;
  email_verified?: unknown;
}

/** Why a sign-in at a provider did not end in a session; the web app explains each one. */
export type SocialFailure = 'invalid-state' | 'provider-error' | 'email-missing' | 'account-exists';

export class SocialSignInError extends Error {
  constructor(readonly reason: SocialFailure) {
    super(reason);
  }
}

/**
 * Sign-in through OpenID Connect: authorization code with PKCE, a single-use state bound to the
 * attempt, and a nonce. Users are found by (issuer, subject); an existing password account with
 * the same e-mail is never taken over — its owner logs in with the password instead.
 */
export class SocialService {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    private readonly deps: AccountDeps,
    private readonly providers: Provider[],
  ) {}

  list(): string[] {
    return this.providers.map((provider) => provider.id);
  }

  callbackUrl(providerId: string): string {
    return `${this.deps.publicUrl}/api/v1/auth/service/${providerId}/callback`;
  }

  async authorizationUrl(providerId: string): Promise<string> {
    const provider = this.provider(providerId);
    const config = await this.configuration(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await new SignInAttemptsRepository(this.deps.db).start({ provider: provider.id, stateHash: sha256(state), codeVerifier, nonce, ttlMs: ATTEMPT_TTL_MS });
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: this.callbackUrl(provider.id),
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /** Completes the callback and returns a one-time exchange token for GET /auth/exchange-token. */
  async complete(providerId: string, callbackUrl: URL): Promise<string> {
    const provider = this.provider(providerId);
    const state = callbackUrl.searchParams.get('state');
    const attempt = state ? await new SignInAttemptsRepository(this.deps.db).finish(provider.id, sha256(state)) : undefined;
    if (!attempt || !state) throw new SocialSignInError('invalid-state');
    let claims: Identity | undefined;
    try {
      const config = await this.configuration(provider);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (idToken) {
        claims = { iss: idToken.iss, sub: idToken.sub, email: idToken.email, email_verified: idToken.email_verified };
        // Providers may keep the e-mail out of the ID token and serve it from the userinfo endpoint instead.
        if (typeof claims.email !== 'string') {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
          claims = { ...claims, email: info.email, email_verified: info.email_verified };
        }
      }
    } catch (error) {
      this.deps.log.warn({ err: error, provider: provider.id }, 'sign-in at the identity provider failed');
      throw new SocialSignInError('provider-error');
    }
    if (!claims) throw new SocialSignInError('provider-error');
    const userId = await this.userFor(claims);
    const token = randomToken();
    await new SecretsRepository(this.deps.db).issue(userId, 'exchange', sha256(token), EXCHANGE_TTL_MS);
    return token;
  }

  private async userFor(claims: Identity): Promise<string> {
    const users = new UsersRepository(this.deps.db);
    const known = await users.findByIdentity(claims.iss, claims.sub);
    if (known) return known.id;
    const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email.trim().toLowerCase() : null;
    if (!email) throw new SocialSignInError('email-missing');
    // The provider proved the address: a registration nobody verified gives way to its owner.
    const holders = await users.holdersOf(email);
    if (holders.some((holder) => holder.verifiedAt !== null)) throw new SocialSignInError('account-exists');
    try {
      const user = await users.replacePending(
        holders.map((holder) => holder.id),
        new Date(),
        {
          username: email,
          email,
          passwordHash: null,
          language: 'en',
          verified: true,
          customerId: `cus_${randomToken(12)}`,
          trialEndsAt: new Date(Date.now() + this.deps.trialDays * DAY_MS),
          identity: { issuer: claims.iss, subject: claims.sub, email },
        },
      );
      if (!user) throw new SocialSignInError('account-exists');
      return user.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new SocialSignInError('account-exists');
      throw error;
    }
  }

  private provider(providerId: string): Provider {
    const provider = this.providers.find((candidate) => candidate.id === providerId);
    if (!provider) throw new AppError(404, ERROR_CODES.PROVIDER_NOT_CONFIGURED, `Sign-in with ${providerId.slice(0, 40)} is not available`);
    return provider;
  }

  private configuration(provider: Provider): Promise<oidc.Configuration> {
    let config = this.configurations.get(provider.id);
    if (!config) {
      const issuer = new URL(provider.issuer);
      // Plain http is only ever allowed for a provider on this machine (tests, local identity servers).
      const loopback = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      // openid-client trusts the transport for ID tokens from the token endpoint unless told to check their signature; check it anyway.
      const execute = loopback ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks];
      config = oidc.discovery(issuer, provider.clientId, undefined, oidc.ClientSecretPost(provider.clientSecret), { execute });
      // A failed discovery is not cached, so the next attempt tries again.
      config.catch(() => this.configurations.delete(provider.id));
      this.configurations.set(provider.id, config);
    }
    return config.catch((error: unknown) => {
      this.deps.log.error({ err: error, provider: provider.id }, 'identity provider discovery failed');
      throw new AppError(503, ERROR_CODES.SERVICE_UNAVAILABLE, `Sign-in with ${provider.id} is unavailable right now`);
    });
  }
}
