import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, createApiClient } from './api-client';
import { createSessionStore } from './session-store';
import { MemoryStorage } from './memory-storage';


interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  body?: string;
}

/** A real HTTP peer on loopback, answering as the API does. */
function startPeer(): Promise<{ server: Server; baseURL: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.url === '/api/v1/auth/refresh-token') {
        const { refresh_token } = JSON.parse(body) as { refresh_token: string };
        if (refresh_token !== 'refresh-good') return send(401, { errors: ['This refresh token is invalid or has expired'], code: 'GRANT_INVALID', status: 401 });
        return send(200, { data: { access_token: 'access-new', refresh_token: 'refresh-next', refresh_Token: 'refresh-next' } });
      }
      if (request.url === '/api/v1/guarded') {
        if (request.headers.authorization !== 'Bearer access-new') return send(403, { errors: ['Your session has expired'], code: 'TOKEN_INVALID', status: 403 });
        return send(200, { data: { ok: true } });
      }
      if (request.url === '/api/v1/enveloped') return send(200, { data: { name: 'Spark Nuevo' } });
      if (request.url === '/api/v1/plain') return send(200, [{ priceId: 'p1', unit_amount: 4500 }]);
      if (request.url === '/api/v1/echo') return send(201, { data: JSON.parse(body || 'null') });
      if (request.url === '/api/v1/fails')
        return send(400, { errors: ['Wrong user or password', 'Try again'], code: 'UNAUTHORIZED', status: 400 });
      if (request.url === '/api/v1/locked') return send(423, { errors: ['This account is inactive. Choose a plan in Billing to continue.'], code: 'TENANT_INACTIVE', status: 423 });
      if (request.url === '/api/v1/payment') return send(402, { errors: ['Document limit reached'], code: 'PAYMENT_REQUIRED', status: 402 });
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
    const error = await client().get('/fails').catch((caught: unknown) => caught);
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

  it("says 'No refresh token available' when there is none to refresh with", async () => {
    const own = createSessionStore(new MemoryStorage());
    own.getState().signIn({ access_token: 'access-old' });
    let ended = 0;
    const api = createApiClient({ baseURL: peer.baseURL, session: own, onSessionEnded: () => (ended += 1) });
    await expect(api.get('/guarded')).rejects.toMatchObject({ status: 403 });
    expect(ended).toBe(1);
  });

  it('waits 300000 ms before giving up, as the spec sets', () => {
    expect(createApiClient().http.defaults.timeout).toBe(300_000);
  });
});
