import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, startTestApp } from '../../test/test-app.js';

describe('serving the web app', () => {
  const web = makeTempDir('sparks-web-');
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    writeFileSync(join(web.path, 'index.html'), '<!doctype html><title>Sparks</title><div id="root"></div>');
    mkdirSync(join(web.path, 'assets'));
    writeFileSync(join(web.path, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The build's compressed copies, as the web app's build writes them beside each text file.
    const script = 'console.log("compressed copies");'.repeat(100);
    writeFileSync(join(web.path, 'assets', 'main-def456.js'), script);
    writeFileSync(join(web.path, 'assets', 'main-def456.js.br'), brotliCompressSync(script));
    writeFileSync(join(web.path, 'assets', 'main-def456.js.gz'), gzipSync(script));
    harness = await startTestApp(undefined, { WEB_DIST_DIR: web.path });
  });
  afterAll(async () => {
    await harness.stop();
    web.remove();
  });

  it('serves index.html at / and for client-side routes', async () => {
    for (const url of ['/', '/spark/123/test/456', '/auth?x=1']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.payload).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a long time', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the compressed copy the browser accepts, and the plain file to one that accepts none', async () => {
    const script = 'console.log("compressed copies");'.repeat(100);
    const brotli = await harness.app.inject({ method: 'GET', url: '/assets/main-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(String(brotli.headers.vary)).toContain('Origin');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 5);

    const gzip = await harness.app.inject({ method: 'GET', url: '/assets/main-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await harness.app.inject({ method: 'GET', url: '/assets/main-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);

    // A file the build left uncompressed (too small to gain) is sent as it is, whatever the browser accepts.
    const small = await harness.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.payload).toBe('console.log(1)');
  });

  it('never answers an API path with the page', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('does not let a path escape the web folder', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/..%2f..%2fpackage.json' });
    expect(response.payload).not.toContain('"name"');
  });
});
