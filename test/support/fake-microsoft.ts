import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerGraph, fakeSite, mimeTypeOf, type FakeSite } from './fake-graph-drive';

export interface FakeFile {
  name: string;
  bytes: Buffer;
  /** Path under the library root, e.g. 'Policies' or 'Policies/2026'; '' for the root. */
  folder: string;
}

export interface FakeMicrosoftOptions {
  clientId?: string;
  clientSecret?: string;
  /** Items per page of children and delta; small by default so every client has to follow @odata.nextLink. */
  pageSize?: number;
}

export interface FakeMicrosoftRequest {
  method: string;
  /** The request target as sent: path and query. */
  path: string;
  /** Arrival time, ms since the epoch. */
  at: number;
  status: number;
}

export interface FakeMicrosoft {
  /** The MICROSOFT_AUTHORITY: {authority}/oauth2/v2.0/authorize and /token. */
  authority: string;
  /** The GRAPH_BASE_URL, ending in /v1.0. */
  graphUrl: string;
  clientId: string;
  clientSecret: string;
  siteId: string;
  siteName: string;
  driveId: string;
  driveName: string;
  /** Adds a file to the "Documents" library, creating folders as needed; answers its item id. */
  addFile(file: FakeFile): string;
  changeFile(id: string, bytes: Buffer): void;
  /** Deletes a file (or a folder with its contents); the next delta reports it as deleted. */
  deleteFile(id: string): void;
  folderId(path: string): string;
  /** Refresh tokens answer invalid_grant and access tokens 401, until the user signs in again. */
  revokeConsent(): void;
  /** Tokens issued so far answer 401 as if their hour had passed; a refresh mends it. */
  expireAccessTokens(): void;
  /** The next `count` Graph requests answer 429 with Retry-After. */
  throttleNext(count: number, retryAfterSeconds: number): void;
  requests: FakeMicrosoftRequest[];
  close(): Promise<void>;
}

type Grant = { scope: string };
type Reply = (status: number, body?: unknown, headers?: Record<string, string>) => void;

const TENANTS = ['contoso', 'organizations', 'common'];
const READ_SCOPES = ['sites.read.all', 'files.read.all'];
const GRAPH_RESOURCE = 'https://graph.microsoft.com/';
const GRAPH_APP_ID = '00000003-0000-0000-c000-000000000000';
const CODE_LIFETIME_MS = 5 * 60_000;
const TOKEN_LIFETIME_S = 3600;
const GRAPH_JSON = 'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8';
const ME = { id: randomUUID(), displayName: 'Ada Lovelace', givenName: 'Ada', surname: 'Lovelace', mail: 'ada@contoso.example' };

const token = () => randomBytes(32).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
// Scopes are case-insensitive and may come bare ("Sites.Read.All") or as Graph URIs.
const bareScope = (scope: string) => scope.toLowerCase().replace(GRAPH_RESOURCE, '');
const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
const decodeForm = (text: string) => decode(text.replaceAll('+', ' '));

/**
 * The Microsoft identity platform (v2 authorization code flow with PKCE, refresh-token rotation)
 * and the slice of Graph v1.0 a SharePoint document-library integration calls — sites, drives,
 * paged children, delta, downloads — on loopback, so tests drive the product's real HTTP client.
 * Consent is taken as given; its revocation, token expiry and throttling are switches.
 */
export async function startFakeMicrosoft(options: FakeMicrosoftOptions = {}): Promise<FakeMicrosoft> {
  const clientId = options.clientId ?? randomUUID();
  const clientSecret = options.clientSecret ?? `Fk8Q~${randomBytes(27).toString('base64url')}`;
  const pageSize = options.pageSize ?? 2;
  const requests: FakeMicrosoftRequest[] = [];
  const codes = new Map<string, Grant & { redirectUri: string; challenge: string; expiresAt: number; redeemed: boolean }>();
  const refreshTokens = new Map<string, Grant>();
  const revokedRefreshTokens = new Set<string>();
  const accessTokens = new Map<string, { expiresAt: number; state: 'live' | 'expired' | 'revoked' }>();
  const throttle = { remaining: 0, retryAfterSeconds: 0 };

  const server = createServer((req, res) => {
    const entry = { method: req.method ?? 'GET', path: req.url ?? '/', at: Date.now(), status: 0 };
    requests.push(entry);
    const reply: Reply = (status, body, headers = {}) => {
      entry.status = status;
      const raw = body === undefined || Buffer.isBuffer(body) ? body : JSON.stringify(body);
      res.writeHead(status, { ...(typeof raw === 'string' ? { 'content-type': GRAPH_JSON } : {}), ...headers });
      res.end(raw);
    };
    void route(req, reply).catch((error: unknown) => {
      // A handler bug must fail the test loudly, not leave the client waiting for a timeout.
      if (!res.headersSent) reply(500, { error: { code: 'generalException', message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const graphUrl = `${origin}/v1.0`;

  const sites = [fakeSite('ContosoPolicies', 'Contoso Policies', 'Documents', origin), fakeSite('Marketing', 'Marketing', 'Shared Documents', origin)];
  const [policies, marketing] = sites as [FakeSite, FakeSite];
  const documents = policies.drives[0]!;
  // The second site only gives pickers a choice; its files never change.
  marketing.drives[0]!.addFile('', 'Brand guidelines.pdf', Buffer.from('%PDF-1.4 brand guidelines'));
  marketing.drives[0]!.addFile('Campaigns', 'Spring launch.docx', Buffer.from('PK spring launch'));

  async function route(req: IncomingMessage, reply: Reply): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const segments = url.pathname.split('/').slice(1).map(decode);
    if (segments[0] === 'v1.0') return graph(req, url, segments.slice(1), reply);
    if (segments[0] === 'download' && segments.length === 2) return download(segments[1]!, reply);
    if (TENANTS.includes(segments[0]!) && segments[1] === 'oauth2' && segments[2] === 'v2.0') {
      if (segments[3] === 'authorize' && req.method === 'GET') return authorize(url.searchParams, reply);
      if (segments[3] === 'token' && req.method === 'POST') return issueToken(req, new URLSearchParams(await readBody(req)), reply);
    }
    reply(404, { error: 'not_found', error_description: `No route ${req.method} ${url.pathname}` });
  }

  function authorize(query: URLSearchParams, reply: Reply): void {
    // Until client and redirect URI are trusted, Entra shows an error page rather than redirect.
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== clientId) return errorPage(reply, `AADSTS700016: Application '${query.get('client_id')}' was not found in the directory.`);
    if (!URL.canParse(redirectUri)) return errorPage(reply, `AADSTS50011: The redirect URI '${redirectUri}' does not match the application's.`);
    const back = (params: Record<string, string>) => {
      const target = new URL(redirectUri);
      for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
      if (query.has('state')) target.searchParams.set('state', query.get('state')!);
      reply(302, undefined, { location: target.href });
    };
    const refuse = (error: string, description: string) => back({ error, error_description: description });
    const requested = (query.get('scope') ?? '').split(' ').filter(Boolean);
    const scopes = requested.map(bareScope);
    const challenge = query.get('code_challenge');
    if (query.get('response_type') !== 'code') return refuse('unsupported_response_type', 'AADSTS700054: response_type is not enabled for the application.');
    if (!challenge || query.get('code_challenge_method') !== 'S256') return refuse('invalid_request', 'AADSTS9002325: PKCE with S256 is required.');
    if (!scopes.includes('offline_access') || !scopes.some((scope) => READ_SCOPES.includes(scope))) {
      return refuse(
        'invalid_scope',
        `AADSTS70011: The request must include offline_access and Sites.Read.All or Files.Read.All, not '${requested.join(' ')}'.`,
      );
    }
    // The token endpoint reports the granted resource scopes as Graph URIs, leaving out the OpenID ones.
    const granted = requested.filter((s) => !['offline_access', 'openid', 'profile', 'email'].includes(bareScope(s)));
    const scope = granted.map((s) => (s.startsWith(GRAPH_RESOURCE) ? s : GRAPH_RESOURCE + s));
    const code = `1.A${token()}`;
    codes.set(code, { redirectUri, challenge, scope: scope.join(' '), expiresAt: Date.now() + CODE_LIFETIME_MS, redeemed: false });
    back({ code, session_state: randomUUID() });
  }

  function issueToken(req: IncomingMessage, form: URLSearchParams, reply: Reply): void {
    const grant = redeem(req, form);
    const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache' };
    if ('refused' in grant) {
      const [status, error, description] = grant.refused;
      const errorCodes = [Number(/^AADSTS(\d+)/.exec(description)?.[1])];
      const trace = { timestamp: new Date().toISOString(), trace_id: randomUUID(), correlation_id: randomUUID() };
      return reply(status, { error, error_description: description, error_codes: errorCodes, ...trace }, headers);
    }
    const accessToken = `eyJ0eXAiOiJKV1Qi.${token()}`;
    const refreshToken = `1.AQ${token()}`;
    accessTokens.set(accessToken, { expiresAt: Date.now() + TOKEN_LIFETIME_S * 1000, state: 'live' });
    refreshTokens.set(refreshToken, grant);
    const body = { token_type: 'Bearer', scope: grant.scope, expires_in: TOKEN_LIFETIME_S, ext_expires_in: TOKEN_LIFETIME_S };
    reply(200, { ...body, access_token: accessToken, refresh_token: refreshToken }, headers);
  }

  /** The grant a token request redeems, or why the endpoint refuses it. */
  function redeem(req: IncomingMessage, form: URLSearchParams): Grant | { refused: [number, string, string] } {
    const refuse = (status: number, error: string, description: string) => ({ refused: [status, error, description] as [number, string, string] });
    const missing = (name: string) => refuse(400, 'invalid_request', `AADSTS900144: The request body must contain the following parameter: '${name}'.`);
    let [id, secret] = [form.get('client_id'), form.get('client_secret')];
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
      const [user = '', ...rest] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      [id, secret] = [decodeForm(user), decodeForm(rest.join(':'))];
    }
    if (!id) return missing('client_id');
    if (id !== clientId) return refuse(400, 'unauthorized_client', `AADSTS700016: Application '${id}' was not found in the directory.`);
    // Entra answers bad client credentials with 401, as RFC 6749 §5.2 allows.
    if (!secret) return refuse(401, 'invalid_client', "AADSTS7000218: The request body must contain 'client_assertion' or 'client_secret'.");
    if (secret !== clientSecret) return refuse(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const [code, redirectUri, verifier] = [form.get('code'), form.get('redirect_uri'), form.get('code_verifier')];
      if (!code) return missing('code');
      const grant = codes.get(code);
      if (!grant) return refuse(400, 'invalid_grant', 'AADSTS9002313: Invalid request. Request is malformed or invalid.');
      if (grant.redeemed) return refuse(400, 'invalid_grant', 'AADSTS54005: OAuth2 Authorization code was already redeemed.');
      if (Date.now() > grant.expiresAt) return refuse(400, 'invalid_grant', 'AADSTS70008: The provided authorization code has expired.');
      const mismatch = `AADSTS500112: The reply address '${redirectUri}' does not match '${grant.redirectUri}'.`;
      if (redirectUri !== grant.redirectUri) return refuse(400, 'invalid_grant', mismatch);
      if (!verifier) return missing('code_verifier');
      if (s256(verifier) !== grant.challenge) return refuse(400, 'invalid_grant', 'AADSTS501481: The Code_Verifier does not match the code_challenge.');
      grant.redeemed = true;
      return { scope: grant.scope };
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken) return missing('refresh_token');
      if (revokedRefreshTokens.has(refreshToken)) return refuse(400, 'invalid_grant', 'AADSTS70000: consent revoked');
      const grant = refreshTokens.get(refreshToken);
      if (!grant) return refuse(400, 'invalid_grant', 'AADSTS9002313: Invalid request. Request is malformed or invalid.');
      refreshTokens.delete(refreshToken); // rotation: the old refresh token is spent
      return grant;
    }
    if (!grantType) return missing('grant_type');
    return refuse(400, 'unsupported_grant_type', `AADSTS70003: The app requested an unsupported grant type '${grantType}'.`);
  }

  function graph(req: IncomingMessage, url: URL, path: string[], reply: Reply): void {
    const ids = { 'request-id': randomUUID(), 'client-request-id': String(req.headers['client-request-id'] ?? randomUUID()) };
    const innerError = { date: new Date().toISOString().slice(0, 19), ...ids };
    const fail = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
      reply(status, { error: { code, message, innerError } }, { ...ids, ...headers });
    const ok = (body: object) => reply(200, { '@odata.context': `${graphUrl}/$metadata`, ...body }, ids);
    if (throttle.remaining > 0) {
      throttle.remaining -= 1;
      const message = 'Too many requests. The request has been throttled; retry after the time given in Retry-After.';
      return fail(429, 'TooManyRequests', message, { 'retry-after': String(throttle.retryAfterSeconds) });
    }
    const refused = refusal(req.headers.authorization);
    if (refused) return fail(401, 'InvalidAuthenticationToken', refused, { 'www-authenticate': `Bearer realm="", client_id="${GRAPH_APP_ID}"` });
    if (req.method !== 'GET') return fail(405, 'Request_BadRequest', `Method ${req.method} is not allowed here.`);
    if (path.join('/') === 'me') return ok({ ...ME, userPrincipalName: ME.mail });
    const answer = answerGraph(sites, path, url, pageSize);
    if ('body' in answer) return ok(answer.body);
    if ('location' in answer) return reply(302, undefined, { location: answer.location, ...ids });
    fail(answer.status, answer.code, answer.message);
  }

  /** Why Graph refuses this Authorization header, or undefined when it accepts it. */
  function refusal(authorization: string | undefined): string | undefined {
    const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    if (!bearer) return 'Access token is empty.';
    if (!access) return 'IDX14100: JWT is not well formed.';
    if (access.state === 'revoked') return 'Access token has been revoked: the user withdrew consent.';
    if (access.state === 'expired' || Date.now() > access.expiresAt) return 'Lifetime validation failed, the token is expired.';
    return undefined;
  }

  // Pre-authenticated like SharePoint's download URLs: the token in the path is the whole credential.
  function download(downloadToken: string, reply: Reply): void {
    const item = sites
      .flatMap((site) => site.drives)
      .map((drive) => drive.byDownloadToken(downloadToken))
      .find(Boolean);
    if (!item?.bytes) return reply(404, { error: { code: 'itemNotFound', message: 'The file has moved, changed or been deleted.' } });
    reply(200, item.bytes, {
      'content-type': mimeTypeOf(item.name),
      'content-length': String(item.bytes.length),
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(item.name)}`,
      etag: `"{${item.uniqueId}},${item.version}"`,
    });
  }

  return {
    authority: `${origin}/contoso`,
    graphUrl,
    clientId,
    clientSecret,
    siteId: policies.id,
    siteName: policies.displayName,
    driveId: documents.id,
    driveName: documents.name,
    addFile: (file) => documents.addFile(file.folder, file.name, file.bytes),
    changeFile: (id, bytes) => documents.changeFile(id, bytes),
    deleteFile: (id) => documents.delete(id),
    folderId: (path) => documents.folderId(path),
    revokeConsent: () => {
      for (const refreshToken of refreshTokens.keys()) revokedRefreshTokens.add(refreshToken);
      refreshTokens.clear();
      codes.clear();
      for (const access of accessTokens.values()) access.state = 'revoked';
    },
    expireAccessTokens: () => {
      for (const access of accessTokens.values()) if (access.state === 'live') access.state = 'expired';
    },
    throttleNext: (count, retryAfterSeconds) => Object.assign(throttle, { remaining: count, retryAfterSeconds }),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function errorPage(reply: Reply, message: string): void {
  const html = `<!DOCTYPE html><html><body><p>Sorry, but we're having trouble signing you in.</p><p>${message.replaceAll('<', '&lt;')}</p></body></html>`;
  reply(400, Buffer.from(html), { 'content-type': 'text/html; charset=utf-8' });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}
