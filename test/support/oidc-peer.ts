import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port';

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider on loopback (oidc-provider with its development login screen). Any
 * login name signs in; its e-mail is the name itself when it holds an @, else name@example.com.
 */
export async function startOidcPeer(redirectUri: string): Promise<OidcPeer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'sparks-test';
  const clientSecret = 'sparks-test-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub.includes('@') ? sub : `${sub}@example.com`, email_verified: true }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { issuer, clientId, clientSecret, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
