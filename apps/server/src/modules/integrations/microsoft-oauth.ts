import * as oidc from 'openid-client';
import type { LibraryTokens } from './token-vault.js';

export interface MicrosoftAppSettings {
  authority: string;
  clientId: string;
  clientSecret: string;
}

/** Reading sites and files, and a refresh token so a sync can run while the user is away. */
export const SHAREPOINT_SCOPES = 'offline_access User.Read Sites.Read.All Files.Read.All';

/** The library refused the stored consent (revoked, expired or for another app): only the user can renew it. */
export class ConsentRevokedError extends Error {
  constructor(cause: unknown) {
    super('the library refused the stored consent', { cause });
  }
}

const isLoopback = (url: URL) => url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

const tokensOf = (response: oidc.TokenEndpointResponse, previousRefresh?: string): LibraryTokens => {
  const refreshToken = response.refresh_token ?? previousRefresh;
  if (!refreshToken) throw new Error('the token endpoint issued no refresh token (is offline_access granted?)');
  return { accessToken: response.access_token, refreshToken, expiresAt: Date.now() + (response.expires_in ?? 3600) * 1000 };
};

/**
 * The Microsoft identity platform's authorization code flow with PKCE (openid-client), for
 * access to Graph rather than for sign-in: its v2 endpoints under a configurable authority.
 */
export class MicrosoftOAuth {
  private readonly config: oidc.Configuration;

  constructor(settings: MicrosoftAppSettings) {
    const authority = new URL(settings.authority);
    this.config = new oidc.Configuration(
      {
        issuer: settings.authority,
        authorization_endpoint: `${settings.authority}/oauth2/v2.0/authorize`,
        token_endpoint: `${settings.authority}/oauth2/v2.0/token`,
      },
      settings.clientId,
      undefined,
      oidc.ClientSecretPost(settings.clientSecret),
    );
    // Plain http only for an authority on this machine (tests, local identity servers).
    if (isLoopback(authority)) oidc.allowInsecureRequests(this.config);
  }

  async authorizationUrl(redirectUri: string, state: string, codeVerifier: string): Promise<string> {
    return oidc
      .buildAuthorizationUrl(this.config, {
        redirect_uri: redirectUri,
        scope: SHAREPOINT_SCOPES,
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        // Lets the user pick the work account that holds the library rather than reuse a signed-in one.
        prompt: 'select_account',
      })
      .toString();
  }

  async exchange(callbackUrl: URL, state: string, codeVerifier: string): Promise<LibraryTokens> {
    const response = await oidc.authorizationCodeGrant(this.config, callbackUrl, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      idTokenExpected: false,
    });
    return tokensOf(response);
  }

  async refresh(tokens: LibraryTokens): Promise<LibraryTokens> {
    try {
      return tokensOf(await oidc.refreshTokenGrant(this.config, tokens.refreshToken, { scope: SHAREPOINT_SCOPES }), tokens.refreshToken);
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError && ['invalid_grant', 'interaction_required', 'consent_required', 'invalid_client'].includes(error.error)) {
        throw new ConsentRevokedError(error);
      }
      throw error;
    }
  }
}
