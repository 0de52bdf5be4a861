import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, startTestApp } from '#test/test-app.js';

describe('serving the web app', () => {
  const web = makeTempDir('sparks-web-');
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    writeFileSync(
      join(web.path, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Sparks</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    // What the web app's build writes: the first screens' chunks and where each language's texts live.
    mkdirSync(join(web.path, '.vite'));
    writeFileSync(
      join(web.path, '.vite', 'first-screens.json'),
      JSON.stringify({
        translations: '/locales/{{lng}}/translation.json',
        screens: [
          { paths: ['/auth', '/reset-password', '/spark/:sparkId/test'], scripts: ['/assets/account-1.js', '/assets/button-2.js'] },
          { paths: ['/spark/:sparkId'], scripts: ['/assets/main-layout-3.js', '/assets/spark-route-4.js'], signedIn: true },
        ],
      }),
    );
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

  it("announces the first screen's chunks and texts in the visitor's language", async () => {
    const auth = await harness.app.inject({ method: 'GET', url: '/auth', headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect(auth.statusCode).toBe(200);
    expect(auth.payload).toContain('<html lang="es">');
    expect(auth.payload).toContain('<link rel="modulepreload" crossorigin href="/assets/account-1.js">');
    expect(auth.payload).toContain('<link rel="modulepreload" crossorigin href="/assets/button-2.js">');
    expect(auth.payload).toContain('<link rel="preload" as="fetch" crossorigin href="/locales/es/translation.json">');
    // The links go in the head, which the browser reads before anything else.
    expect(auth.payload.indexOf('modulepreload')).toBeLessThan(auth.payload.indexOf('</head>'));
    const vary = String(auth.headers.vary).toLowerCase();
    expect(vary).toContain('accept-language');
    expect(vary).toContain('cookie');

    // Trailing slash, other case and :params match as the app's router matches them.
    for (const url of ['/auth/', '/AUTH', '/reset-password?token=abc', '/spark/42/test']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.payload, url).toContain('/assets/account-1.js');
    }
    // Any other page announces only the texts: its screen may send the visitor elsewhere.
    for (const url of ['/', '/spark/42', '/spark/42/test/7', '/authx']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.payload, url).not.toContain('modulepreload');
      expect(response.payload, url).toContain('<link rel="preload" as="fetch" crossorigin href="/locales/en/translation.json">');
    }
  });

  it("announces a signed-in screen's chunks only to a browser that says it holds a session", async () => {
    const signedIn = await harness.app.inject({ method: 'GET', url: '/spark/42', headers: { cookie: 'i18next=es; signed_in=1' } });
    expect(signedIn.payload).toContain('<link rel="modulepreload" crossorigin href="/assets/spark-route-4.js">');
    expect(signedIn.payload).toContain('<html lang="es">');
    // Without the hint, or with anything but the hint's value, the visitor may be sent to /auth: nothing is announced.
    for (const cookie of [undefined, 'signed_in=0', 'signed_in=yes', 'signed_in=1%00', 'other=1']) {
      const response = await harness.app.inject({ method: 'GET', url: '/spark/42', headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.payload, cookie).not.toContain('modulepreload');
    }
    // The hint adds signed-in screens; it takes nothing from the public ones.
    const auth = await harness.app.inject({ method: 'GET', url: '/auth', headers: { cookie: 'signed_in=1' } });
    expect(auth.payload).toContain('/assets/account-1.js');
    expect(auth.payload).not.toContain('spark-route');
  });

  it('takes the language from ?lng=, then the language cookie, then the browser, then English', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['/auth?lng=es', { 'accept-language': 'en' }, 'es'],
      ['/auth?lng=fr', { cookie: 'i18next=es' }, 'es'],
      ['/auth', { cookie: 'theme=dark; i18next=es', 'accept-language': 'en' }, 'es'],
      ['/auth', { cookie: 'i18next=en-GB', 'accept-language': 'es' }, 'en'],
      ['/auth', { 'accept-language': 'fr-FR, es;q=0.8, en;q=0.7' }, 'es'],
      ['/auth', { 'accept-language': 'fr, de' }, 'en'],
      ['/auth', {}, 'en'],
      // Hostile values fall through to the next source and never reach the page.
      ['/auth?lng=%22%3E%3Cscript%3E', { cookie: 'i18next="><script>', 'accept-language': '"><script>' }, 'en'],
    ];
    for (const [url, headers, language] of cases) {
      const response = await harness.app.inject({ method: 'GET', url, headers });
      expect(response.payload, `${url} ${JSON.stringify(headers)}`).toContain(`<html lang="${language}">`);
      expect(response.payload).toContain(`/locales/${language}/translation.json`);
      expect(response.payload).not.toContain('<script>');
    }
  });

  it('sends the page compressed as the browser accepts, the same page in every encoding', async () => {
    const plain = await harness.app.inject({ method: 'GET', url: '/auth', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await harness.app.inject({ method: 'GET', url: '/auth', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.payload);
    const gzip = await harness.app.inject({ method: 'GET', url: '/auth', headers: { 'accept-encoding': 'gzip;q=1, br;q=0.5' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.payload);
    expect(String(gzip.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gzip.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('answers HEAD for a page with its headers and no body', async () => {
    const get = await harness.app.inject({ method: 'GET', url: '/auth', headers: { 'accept-encoding': 'identity' } });
    const response = await harness.app.inject({ method: 'HEAD', url: '/auth', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-length']).toBe(String(get.rawPayload.length));
    expect(response.payload).toBe('');
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

  it("does not let a path escape the web folder, nor hand out the build's own lists", async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/..%2f..%2fpackage.json' });
    expect(response.payload).not.toContain('"name"');
    for (const url of ['/.vite/first-screens.json', '/.vite/', '/%2evite/first-screens.json']) {
      const listed = await harness.app.inject({ method: 'GET', url });
      expect(listed.payload, url).not.toContain('"screens"');
    }
  });
});
