import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/support/free-port.js';
import { WebFetchError, WebFetcher } from './web-fetcher.js';

let server: Server;
let base: string;
let requests: Array<{ url: string; agent: string | undefined; ifNoneMatch: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', agent: request.headers['user-agent'], ifNoneMatch: request.headers['if-none-match'] });
    const path = request.url ?? '/';
    if (path === '/page') {
      if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304).end();
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: '"v1"' }).end('<h1>Hola</h1>');
    }
    if (path.startsWith('/hop/')) {
      const left = Number(path.slice(5));
      return response.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/page' }).end();
    }
    if (path === '/to-metadata') return response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/to-file') return response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/html' });
      const block = Buffer.alloc(64 * 1024, 'a');
      for (let index = 0; index < 40; index += 1) response.write(block);
      return response.end();
    }
    if (path === '/bomb') {
      return response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(20 * 1024 * 1024, 'a')));
    }
    if (path === '/trickle') {
      response.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => response.write('.'), 200);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (path === '/slow') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<p>first');
      return; // never ends
    }
    response.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WebFetchError);
  return error as WebFetchError;
};

describe('WebFetcher', () => {
  const fetcher = new WebFetcher({ allowLoopback: true, readTimeoutMs: 500 });

  it('reads a page as Sparks and answers 304 to its validators', async () => {
    requests = [];
    const page = await fetcher.get(`${base}/page`);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toBe('<h1>Hola</h1>');
    expect(page.etag).toBe('"v1"');
    const again = await fetcher.get(`${base}/page`, { etag: page.etag });
    expect(again.notModified).toBe(true);
    expect(again.body.length).toBe(0);
    expect(requests.map((request) => request.agent)).toEqual(['Sparks', 'Sparks']);
  });

  it('follows up to five redirects and refuses the sixth', async () => {
    expect((await fetcher.get(`${base}/hop/4`)).url).toBe(`${base}/page`);
    expect((await refusal(fetcher.get(`${base}/hop/5`))).problem.code).toBe('redirects');
  });

  it('refuses a redirect to a private address or another scheme', async () => {
    expect((await refusal(fetcher.get(`${base}/to-metadata`))).problem.code).toBe('address');
    expect((await refusal(fetcher.get(`${base}/to-file`))).problem.code).toBe('scheme');
  });

  it('stops at 2 MB, also when the bytes come compressed', async () => {
    expect((await refusal(fetcher.get(`${base}/huge`))).problem.code).toBe('too-large');
    expect((await refusal(fetcher.get(`${base}/bomb`))).problem.code).toBe('too-large');
  });

  it('gives up on a page that stops sending', async () => {
    expect((await refusal(fetcher.get(`${base}/slow`))).problem.code).toBe('stalled');
  });

  it('gives a page its time in all: one that trickles a byte at a time never trips the read timeout, but stops', async () => {
    const patient = new WebFetcher({ allowLoopback: true, readTimeoutMs: 5_000, pageTimeoutMs: 800 });
    const error = await refusal(patient.get(`${base}/trickle`));
    expect(error.problem).toEqual({ code: 'too-slow', host: new URL(base).host, limit: 1 });
    // The caller's own stop is its own, not the page's time.
    const controller = new AbortController();
    const stopped = patient.get(`${base}/trickle`, { signal: controller.signal });
    controller.abort();
    expect((await refusal(stopped)).problem.code).toBe('interrupted');
  });

  it('says what went wrong in words, never the socket’s: no TLS, nothing listening, a name that does not exist', async () => {
    const tls = await refusal(fetcher.get(`${base.replace('http:', 'https:')}/page`));
    expect(tls.problem).toEqual({ code: 'tls', host: '127.0.0.1' });
    expect(tls.message).toBe('127.0.0.1 did not answer over a secure connection (https).');
    expect(tls.message).not.toMatch(/EPROTO|ssl3|wrong version/);
    const nobody = `http://127.0.0.1:${await freePort()}/`;
    expect((await refusal(fetcher.get(nobody))).problem).toEqual({ code: 'refused', host: '127.0.0.1' });
    const unknown = ((_host: string, _options: unknown, callback: (error: Error) => void) =>
      callback(Object.assign(new Error('getaddrinfo ENOTFOUND bakery.example'), { code: 'ENOTFOUND' }))) as unknown as LookupFunction;
    const missing = await refusal(new WebFetcher({ lookup: unknown }).get('https://bakery.example/'));
    expect(missing.problem).toEqual({ code: 'dns', host: 'bakery.example' });
    expect(missing.message).toBe('bakery.example was not found: check the address.');
  });

  it('refuses schemes, credentials and unusual ports before connecting', async () => {
    const strict = new WebFetcher();
    expect((await refusal(strict.get('ftp://example.com/file'))).problem.code).toBe('scheme');
    expect((await refusal(strict.get('https://user:secret@example.com/'))).problem.code).toBe('credentials');
    expect((await refusal(strict.get('http://example.com:8080/'))).problem.code).toBe('port');
    expect((await refusal(strict.get('not an address'))).problem.code).toBe('scheme');
  });

  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://224.0.0.1/',
    'http://0.0.0.0/',
    'http://[::]/',
  ])('refuses %s without the loopback setting', async (address) => {
    const error = await refusal(new WebFetcher({ connectTimeoutMs: 2_000 }).get(address));
    expect(error.problem.code).toBe('address');
    expect(error.message).toMatch(/private or local address/);
  });

  it('allows loopback only, never the private ranges, with the loopback setting', async () => {
    expect((await refusal(fetcher.get('http://10.0.0.1/'))).problem.code).toBe('address');
    expect((await refusal(fetcher.get('http://169.254.169.254/'))).problem.code).toBe('address');
  });

  it('checks the address the socket connects to, from the same lookup (no check-then-use gap)', async () => {
    let lookups = 0;
    // DNS rebinding answers a public address to a check and a private one to the connection. The
    // fetcher asks once, when connecting, and checks that very answer: a name that resolves to
    // loopback is refused, and the resolver is asked exactly once (a later answer is never used).
    const lookup = ((_hostname: string, options: { all?: boolean }, callback: (error: Error | null, address: unknown, family?: number) => void) => {
      lookups += 1;
      const address = lookups === 1 ? '127.0.0.1' : '93.184.215.14';
      if (options.all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    }) as unknown as LookupFunction;
    const rebinding = new WebFetcher({ ports: [Number(new URL(base).port)], lookup });
    const error = await refusal(rebinding.get(`http://rebind.example:${new URL(base).port}/page`));
    expect(error.problem.code).toBe('address');
    expect(lookups).toBe(1);
  });
});
