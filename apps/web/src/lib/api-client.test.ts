import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, errorBodySchema } from '@sparks/contract';
import { ApiError, NETWORK_ERROR_MESSAGE, apiErrorFrom, createApiClient } from './api-client';
import { createSessionStore } from './session-store';
import { MemoryStorage } from './memory-storage';

interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  body?: string;
  contentType?: string;
}

/** A real HTTP peer on loopback, answering as the API does. */
function startPeer(): Promise<{ server: Server; baseURL: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body, contentType: request.headers['content-type'] });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.url === '/api/v1/auth/refresh-token') {
        const { refresh_token } = JSON.parse(body) as { refresh_token: string };
        if (refresh_token !== 'refresh-good')
          return send(401, { errors: ['This refresh token is invalid or has expired'], code: 'GRANT_INVALID', status: 401 });
        return send(200, { data: { access_token: 'access-new', refresh_token: 'refresh-next', refresh_Token: 'refresh-next' } });
      }
      if (request.url === '/api/v1/guarded') {
        if (request.headers.authorization !== 'Bearer access-new')
          return send(403, { errors: ['Your session has expired'], code: 'TOKEN_INVALID', status: 403 });
        return send(200, { data: { ok: true } });
      }
      if (request.url === '/api/v1/not-your-role')
        return send(403, { errors: ['Your role in this account does not allow this.'], code: 'FORBIDDEN', status: 403 });
      if (request.url === '/api/v1/enveloped') return send(200, { data: { name: 'Spark Nuevo' } });
      if (request.url === '/api/v1/plain') return send(200, [{ priceId: 'p1', unit_amount: 4500 }]);
      if (request.url === '/api/v1/echo') return send(201, { data: JSON.parse(body || 'null') });
      if (request.url === '/api/v1/fails') return send(400, { errors: ['Wrong user or password', 'Try again'], code: 'UNAUTHORIZED', status: 400 });
      if (request.url === '/api/v1/locked')
        return send(423, { errors: ['This account is inactive. Choose a plan in Billing to continue.'], code: 'TENANT_INACTIVE', status: 423 });
      if (request.url === '/api/v1/payment') return send(402, { errors: ['Document limit reached'], code: 'PAYMENT_REQUIRED', status: 402 });
      if (request.url?.startsWith('/api/v1/query')) return send(200, { data: request.url });
      if (request.url === '/api/v1/stream-text') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        return response.end('data: {"answer":"hola"}\n\n');
      }
      if (request.url === '/api/v1/nothing') {
        response.writeHead(204);
        return response.end();
      }
      if (request.url === '/api/v1/broken') {
        response.writeHead(502, { 'content-type': 'text/html' });
        return response.end('<html>Bad gateway</html>');
      }
      // Never answers: the client's time-out has to end the wait.
      if (request.url === '/api/v1/silent') return;
      if (request.url === '/api/domain/example.com') return send(200, { dns: true });
      return send(404, { errors: ['Not found'], code: 'NOT_FOUND', status: 404 });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, baseURL: `http://127.0.0.1:${port}/api/v1`, seen });
    }),
  );
}

describe('api client', () => {
  let peer: Awaited<ReturnType<typeof startPeer>>;
  const session = createSessionStore(new MemoryStorage());

  beforeAll(async () => {
    peer = await startPeer();
  });
  afterAll(() => new Promise<void>((resolve) => peer.server.close(() => resolve())));

  const client = () => createApiClient({ baseURL: peer.baseURL, session });

  it('unwraps the data field', async () => {
    await expect(client().get('/enveloped')).resolves.toEqual({ name: 'Spark Nuevo' });
  });

  it('returns a body without a data field as it is', async () => {
    await expect(client().get('/plain')).resolves.toEqual([{ priceId: 'p1', unit_amount: 4500 }]);
  });

  it('sends JSON bodies and the stored bearer token', async () => {
    session.getState().signIn({ access_token: 'token-123', refresh_token: 'r' });
    await expect(client().post('/echo', { pin: true })).resolves.toEqual({ pin: true });
    const last = peer.seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', url: '/api/v1/echo', authorization: 'Bearer token-123' });
    session.getState().signOut('logout');
    await client().get('/enveloped');
    expect(peer.seen.at(-1)?.authorization).toBeUndefined();
  });

  it("joins the server's error array with ', ' into one message", async () => {
    const error = await client()
      .get('/fails')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Wrong user or password, Try again', status: 400, code: 'UNAUTHORIZED' });
  });

  it('keeps the status of a 402 so callers can offer an upgrade', async () => {
    await expect(client().get('/payment')).rejects.toMatchObject({ status: 402, code: 'PAYMENT_REQUIRED' });
  });

  it('tells the app when the account is blocked, and only then', async () => {
    let blocked = 0;
    const watched = createApiClient({ baseURL: peer.baseURL, session, onAccountBlocked: () => (blocked += 1) });
    await expect(watched.get('/payment')).rejects.toMatchObject({ status: 402 });
    expect(blocked).toBe(0);
    await expect(watched.get('/locked')).rejects.toMatchObject({ status: 423, code: 'TENANT_INACTIVE' });
    expect(blocked).toBe(1);
  });

  it("reports 'Network Error' when nothing answers", async () => {
    const closed = await startPeer();
    const baseURL = closed.baseURL;
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const error = await createApiClient({ baseURL, session })
      .get('/enveloped')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: undefined });
  });

  it('refreshes once on 403 for many concurrent requests and retries each with the new token', async () => {
    const storage = new MemoryStorage();
    const own = createSessionStore(storage);
    own.getState().signIn({ access_token: 'access-old', refresh_token: 'refresh-good' });
    const api = createApiClient({ baseURL: peer.baseURL, session: own });
    const before = peer.seen.filter((seen) => seen.url === '/api/v1/auth/refresh-token').length;
    const results = await Promise.all([api.get('/guarded'), api.get('/guarded'), api.get('/guarded')]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(peer.seen.filter((seen) => seen.url === '/api/v1/auth/refresh-token').length - before).toBe(1);
    expect(storage.getItem('access_token')).toBe('access-new');
    expect(storage.getItem('refresh_token')).toBe('refresh-next');
  });

  it('takes the tokens another tab stored instead of spending the refresh token a second time', async () => {
    const storage = new MemoryStorage();
    storage.setItem('access_token', 'access-old');
    storage.setItem('refresh_token', 'refresh-good');
    // Two tabs: each read the session from the shared storage when it opened.
    const firstTab = createSessionStore(storage);
    const secondTab = createSessionStore(storage);
    const before = peer.seen.filter((seen) => seen.url === '/api/v1/auth/refresh-token').length;
    expect(await createApiClient({ baseURL: peer.baseURL, session: firstTab }).get('/guarded')).toEqual({ ok: true });
    // The second tab still holds the spent refresh token in memory; it must not present it.
    expect(secondTab.getState().refreshToken).toBe('refresh-good');
    expect(await createApiClient({ baseURL: peer.baseURL, session: secondTab }).get('/guarded')).toEqual({ ok: true });
    expect(peer.seen.filter((seen) => seen.url === '/api/v1/auth/refresh-token').length - before).toBe(1);
    expect(secondTab.getState()).toMatchObject({ accessToken: 'access-new', refreshToken: 'refresh-next' });
  });

  it('clears storage and ends the session when the refresh fails', async () => {
    const storage = new MemoryStorage();
    storage.setItem('i18nextLng', 'es');
    storage.setItem('activeSparkId', 'spark-1');
    const own = createSessionStore(storage);
    own.getState().signIn({ access_token: 'access-old', refresh_token: 'refresh-revoked' });
    let ended = 0;
    const api = createApiClient({ baseURL: peer.baseURL, session: own, onSessionEnded: () => (ended += 1) });
    await expect(api.get('/guarded')).rejects.toMatchObject({ status: 403 });
    expect(ended).toBe(1);
    expect(own.getState().accessToken).toBeNull();
    expect(storage.getItem('access_token')).toBeNull();
    expect(storage.getItem('activeSparkId')).toBeNull();
    expect(storage.getItem('i18nextLng')).toBe('es');
  });

  it('leaves the session alone when a role refuses: no refresh, no sign-out, the refusal as it came', async () => {
    const own = createSessionStore(new MemoryStorage());
    own.getState().signIn({ access_token: 'access-old', refresh_token: 'refresh-good' });
    let ended = 0;
    const api = createApiClient({ baseURL: peer.baseURL, session: own, onSessionEnded: () => (ended += 1) });
    const before = peer.seen.filter((seen) => seen.url === '/api/v1/auth/refresh-token').length;
    await expect(api.delete('/not-your-role')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Your role in this account does not allow this.',
    });
    expect(peer.seen.filter((seen) => seen.url === '/api/v1/auth/refresh-token').length).toBe(before);
    expect(ended).toBe(0);
    expect(own.getState().accessToken).toBe('access-old');
  });

  it("says 'No refresh token available' when there is none to refresh with", async () => {
    const own = createSessionStore(new MemoryStorage());
    own.getState().signIn({ access_token: 'access-old' });
    let ended = 0;
    const api = createApiClient({ baseURL: peer.baseURL, session: own, onSessionEnded: () => (ended += 1) });
    await expect(api.get('/guarded')).rejects.toMatchObject({ status: 403 });
    expect(ended).toBe(1);
  });

  it('waits 300000 ms before giving up, as the spec sets', () => {
    expect(createApiClient().timeoutMs).toBe(300_000);
  });

  it("gives up with 'Network Error' when the answer takes longer than the time-out", async () => {
    const hasty = createApiClient({ baseURL: peer.baseURL, session, timeoutMs: 200 });
    await expect(hasty.get('/silent')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: undefined });
  });

  it("reports 'Network Error' when the caller cancels, and never sends a cancelled call", async () => {
    const before = peer.seen.length;
    const controller = new AbortController();
    controller.abort();
    await expect(client().get('/enveloped', { signal: controller.signal })).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE });
    expect(peer.seen.length).toBe(before);
  });

  it('puts params in the query string, leaving out the empty ones', async () => {
    const url = await client().get<string>('/query', { params: { 'input[text]': 'hola mundo & más', lang: 'es', page: 2, skipped: undefined } });
    const query = new URL(url, 'http://peer.invalid').searchParams;
    expect([...query.entries()]).toEqual([
      ['input[text]', 'hola mundo & más'],
      ['lang', 'es'],
      ['page', '2'],
    ]);
  });

  it('hands back a text body as it was sent when asked for text', async () => {
    await expect(client().get('/stream-text', { responseType: 'text' })).resolves.toBe('data: {"answer":"hola"}\n\n');
  });

  it('answers an empty body with an empty string', async () => {
    await expect(client().delete('/nothing')).resolves.toBe('');
  });

  it("names the status when the error body is not the API's", async () => {
    await expect(client().get('/broken')).rejects.toMatchObject({ message: 'Request failed with status code 502', status: 502, code: undefined });
  });

  it("lets a call's own token win over the session's, and another base reach paths outside /api/v1", async () => {
    session.getState().signIn({ access_token: 'session-token', refresh_token: 'r' });
    await client().post('/echo', undefined, { headers: { Authorization: 'Bearer one-time' } });
    expect(peer.seen.at(-1)).toMatchObject({ method: 'POST', authorization: 'Bearer one-time', body: '' });
    await expect(client().get('/domain/example.com', { baseURL: peer.baseURL.replace('/api/v1', '/api') })).resolves.toEqual({ dns: true });
    expect(peer.seen.at(-1)).toMatchObject({ url: '/api/domain/example.com', authorization: 'Bearer session-token' });
    session.getState().signOut('logout');
  });

  it('sends form data as multipart, with the boundary the runtime chose', async () => {
    const form = new FormData();
    form.append('sparkId', 'spark-1');
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'notes.pdf');
    const echoed = await client()
      .post<unknown>('/echo-form', form)
      .catch((error: unknown) => error);
    expect(echoed).toMatchObject({ status: 404 });
    expect(peer.seen.at(-1)?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(peer.seen.at(-1)?.body).toContain('name="file"; filename="notes.pdf"');
  });
});

describe('the one reading of an error body', () => {
  it('reads what the contract’s error body says, and falls back on anything else', () => {
    const body = errorBodySchema.parse({ errors: ['Your plan allows 3 documents.', 'Upgrade to add more.'], code: ERROR_CODES.LIMIT_REACHED, status: 402 });
    // A stream's error event carries the status in its body; a JSON answer's own status wins.
    expect(apiErrorFrom(body, { fallback: 'x' })).toMatchObject({
      message: 'Your plan allows 3 documents., Upgrade to add more.',
      code: 'LIMIT_REACHED',
      status: 402,
    });
    expect(apiErrorFrom(body, { status: 409, fallback: 'x' })).toMatchObject({ status: 409, code: 'LIMIT_REACHED' });
    // A refused upload says what it claimed and what it held; a mismatch the contract does not know is none.
    const mismatch = errorBodySchema.parse({
      errors: ['price-list.pdf is not a PDF: it holds plain text. Save it as .txt or export it as PDF.'],
      code: ERROR_CODES.FILE_TYPE_MISMATCH,
      status: 415,
      mismatch: { declared: 'pdf', found: 'text' },
    });
    expect(apiErrorFrom(mismatch, { status: 415, fallback: 'x' })).toMatchObject({ code: 'FILE_TYPE_MISMATCH', mismatch: { declared: 'pdf', found: 'text' } });
    expect(apiErrorFrom({ ...mismatch, mismatch: { declared: 'exe', found: 'text' } }, { fallback: 'x' }).mismatch).toBeUndefined();
    for (const garbage of [undefined, null, 'Bad Gateway', 42, { errors: 'not a list', code: 7 }, []]) {
      const error = apiErrorFrom(garbage, { status: 502, fallback: 'The service is unavailable.' });
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ message: 'The service is unavailable.', status: 502, code: undefined });
    }
  });
});
