import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, createApiClient } from './api-client';

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
      if (request.url === '/api/v1/enveloped') return send(200, { data: { name: 'Spark Nuevo' } });
      if (request.url === '/api/v1/plain') return send(200, [{ priceId: 'p1', unit_amount: 4500 }]);
      if (request.url === '/api/v1/echo') return send(201, { data: JSON.parse(body || 'null') });
      if (request.url === '/api/v1/fails')
        return send(400, { errors: ['Wrong user or password', 'Try again'], code: 'UNAUTHORIZED', status: 400 });
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
  let token: string | null = null;

  beforeAll(async () => {
    peer = await startPeer();
  });
  afterAll(() => new Promise<void>((resolve) => peer.server.close(() => resolve())));

  const client = () => createApiClient({ baseURL: peer.baseURL, getAccessToken: () => token });

  it('unwraps the data field', async () => {
    await expect(client().get('/enveloped')).resolves.toEqual({ name: 'Spark Nuevo' });
  });

  it('returns a body without a data field as it is', async () => {
    await expect(client().get('/plain')).resolves.toEqual([{ priceId: 'p1', unit_amount: 4500 }]);
  });

  it('sends JSON bodies and the stored bearer token', async () => {
    token = 'token-123';
    await expect(client().post('/echo', { pin: true })).resolves.toEqual({ pin: true });
    const last = peer.seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', url: '/api/v1/echo', authorization: 'Bearer token-123' });
    token = null;
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

  it("reports 'Network Error' when nothing answers", async () => {
    const closed = await startPeer();
    const baseURL = closed.baseURL;
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const error = await createApiClient({ baseURL, getAccessToken: () => null })
      .get('/enveloped')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: undefined });
  });

  it('waits 300000 ms before giving up, as the spec sets', () => {
    expect(createApiClient().http.defaults.timeout).toBe(300_000);
  });
});
