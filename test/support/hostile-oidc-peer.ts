import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/** How the token endpoint signs the ID tokens it answers. */
export type HostileMode = 'good' | 'wrong-audience' | 'bad-signature';

export interface HostileAccount {
  sub: string;
  email: string;
}

export interface HostileOidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets the mode and the account named by every ID token answered from now on. */
  answerWith(mode: HostileMode, account: HostileAccount): void;
  /** One entry per ID token the token endpoint handed out, so a test knows the bad token really reached the client. */
  issued: HostileMode[];
  close(): Promise<void>;
}

interface PendingCode {
  redirectUri: string;
  nonce: string | undefined;
  codeChallenge: string;
  expiresAt: number;
}

const KID = 'hostile-peer-key';
const CODE_TTL_MS = 60_000;

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/**
 * A deliberately small OpenID provider on loopback that follows the protocol faithfully (client
 * check, exact redirect URI, single-use codes, PKCE S256, nonce echo) except for the one flaw the
 * current mode plants in the ID token. oidc-provider cannot be talked into signing a bad token, so
 * rejection tests need a peer whose every other step is correct: then only the planted flaw can
 * explain a refusal.
 */
export async function startHostileOidcPeer(redirectUri: string): Promise<HostileOidcPeer> {
  const clientId = 'sparks-hostile-test';
  const clientSecret = 'sparks-hostile-test-secret-0123456789';
  const published = await generateKeyPair('RS256', { extractable: true });
  // Shares the published kid, so the client finds a key and must actually check the signature to notice.
  const impostor = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(published.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, HostileAccount>();
  let mode: HostileMode = 'good';
  let account: HostileAccount = { sub: 'hostile-subject', email: 'hostile@example.com' };
  const issued: HostileMode[] = [];
  let issuer = '';

  const idToken = async (nonce: string | undefined): Promise<string> => {
    const key = mode === 'bad-signature' ? impostor.privateKey : published.privateKey;
    const jwt = new SignJWT({ email: account.email, email_verified: true, ...(nonce === undefined ? {} : { nonce }) })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(account.sub)
      .setAudience(mode === 'wrong-audience' ? 'some-other-client' : clientId)
      .setIssuedAt()
      .setExpirationTime('5m');
    return jwt.sign(key);
  };

  const authorize = (url: URL, res: ServerResponse): void => {
    const params = url.searchParams;
    // Never redirect to an address the client did not register: answer the browser directly instead.
    if (params.get('client_id') !== clientId || params.get('redirect_uri') !== redirectUri) {
      return json(res, 400, { error: 'invalid_request', error_description: 'unknown client or redirect_uri' });
    }
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const challenge = params.get('code_challenge');
    if (params.get('response_type') !== 'code' || !params.get('scope')?.split(' ').includes('openid')) {
      back.searchParams.set('error', 'invalid_request');
    } else if (!challenge || params.get('code_challenge_method') !== 'S256') {
      back.searchParams.set('error', 'invalid_request');
    } else {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { redirectUri, nonce: params.get('nonce') ?? undefined, codeChallenge: challenge, expiresAt: Date.now() + CODE_TTL_MS });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const token = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const form = await readForm(req);
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json(res, 401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code);
    const verifier = form.get('code_verifier');
    if (
      !pending ||
      pending.expiresAt < Date.now() ||
      pending.redirectUri !== form.get('redirect_uri') ||
      !verifier ||
      s256(verifier) !== pending.codeChallenge
    ) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, account);
    issued.push(mode);
    json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, scope: 'openid email profile', id_token: await idToken(pending.nonce) });
  };

  const userinfo = (req: IncomingMessage, res: ServerResponse): void => {
    const named = accessTokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (!named) return json(res, 401, { error: 'invalid_token' });
    json(res, 200, { sub: named.sub, email: named.email, email_verified: true });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    const handle = async (): Promise<void> => {
      if (route === 'GET /.well-known/openid-configuration') {
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['client_secret_post'],
          code_challenge_methods_supported: ['S256'],
          scopes_supported: ['openid', 'email', 'profile'],
          claims_supported: ['sub', 'email', 'email_verified'],
        });
      }
      if (route === 'GET /jwks') return json(res, 200, { keys: [jwk] });
      if (route === 'GET /authorize') return authorize(url, res);
      if (route === 'POST /token') return token(req, res);
      if (route === 'GET /userinfo') return userinfo(req, res);
      json(res, 404, { error: 'not_found' });
    };
    handle().catch((error: unknown) => json(res, 500, { error: 'server_error', error_description: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    answerWith(nextMode, nextAccount) {
      mode = nextMode;
      account = nextAccount;
    },
    issued,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
