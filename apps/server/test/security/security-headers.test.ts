import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { type startTestApp, startTestAppOn } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { widgetClient } from '#test/widget-helpers.js';
import { webDistFixture } from './web-dist-fixture.js';

/** The policy's directives by name, each with its sources. */
function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'Content-Security-Policy').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** What any page or answer of the app needs, whatever its type. */
function expectAppPolicy(response: LightMyRequestResponse, label: string) {
  const csp = cspOf(response);
  // Scripts: own files only. An inline or eval'd script would let injected markup run.
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, `${label} script-src`).toEqual(["'self'"]);
  expect(csp.get('default-src'), `${label} default-src`).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), `${label} script-src-attr (inline handlers)`).toEqual(["'none'"]);
  expect(csp.get('object-src'), `${label} object-src`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${label} base-uri`).toEqual(["'self'"]);
  // Framing only by our own pages: no other site can overlay the app to steal clicks.
  expect(["'self'", "'none'"], `${label} frame-ancestors`).toContain((csp.get('frame-ancestors') ?? []).join(' '));
  expect(['SAMEORIGIN', 'DENY'], `${label} X-Frame-Options (older browsers)`).toContain(response.headers['x-frame-options']);
  expect(response.headers['x-content-type-options'], `${label} X-Content-Type-Options`).toBe('nosniff');
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], `${label} Referrer-Policy`).toContain(
    response.headers['referrer-policy'],
  );
  expect(response.headers['x-powered-by'], `${label} X-Powered-By`).toBeUndefined();
}

describe.each(testDatabaseTargets())('security headers of the web app, the API and the widget frame on $name', (target) => {
  const web = webDistFixture();
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    harness = await startTestAppOn(target, { WEB_DIST_DIR: web.path });
  });
  afterAll(async () => {
    await harness?.stop();
    web.remove();
  });

  it('protect the web app’s HTML: its root, a client-side route and index.html itself', async () => {
    for (const url of ['/', '/spark/123', '/index.html']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expectAppPolicy(response, url);
    }
  });

  it('protect API answers, successful and refused alike', async () => {
    for (const [url, status] of [
      ['/api/v1/health', 200],
      ['/api/v1/sparks', 401],
      ['/api/v1/no-such-route', 404],
    ] as const) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expectAppPolicy(response, url);
    }
  });

  it('let the widget frame keep its own frame-ancestors: the Spark’s allowed websites, not the app’s', async () => {
    const shop = 'https://shop.example';
    const { tokens } = await verifiedAccount(harness.app);
    const created = await harness.app.inject({ method: 'POST', url: '/api/v1/sparks', headers: { authorization: `Bearer ${tokens.access_token}` } });
    const sparkId = (created.json() as { data: { _id: string } }).data._id;
    const widget = widgetClient(harness.app, tokens.access_token);
    expect((await widget.allow(sparkId, [shop])).statusCode).toBe(200);
    const frame = await widget.frame((await widget.deployment(sparkId)).deployToken, `${shop}/contact`);
    expect(frame.statusCode, frame.payload.slice(0, 200)).toBe(200);

    const app = await harness.app.inject({ method: 'GET', url: '/' });
    expect(cspOf(frame).get('frame-ancestors')).toEqual(expect.arrayContaining([shop]));
    expect(cspOf(frame).get('frame-ancestors')).not.toEqual(cspOf(app).get('frame-ancestors'));
  });
});
