import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, startTestApp } from '../../test/test-app.js';

describe('serving the web app', () => {
  const web = makeTempDir('sparks-web-');
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    writeFileSync(join(web.path, 'index.html'), '<!doctype html><title>Sparks</title><div id="root"></div>');
    mkdirSync(join(web.path, 'assets'));
    writeFileSync(join(web.path, 'assets', 'index-abc123.js'), 'console.log(1)');
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
