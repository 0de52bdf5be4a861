import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type startTestApp, startTestAppOn } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { recordRoutes, type RecordedRoute } from './route-recorder.js';
import { PUBLIC_ROUTES } from './public-routes.js';
import { walkRoutes, type PublicRoute } from './route-walk.js';
import { webDistFixture } from './web-dist-fixture.js';

/** One request per route must not meet a budget; the domain check asks a closed port so it fails fast, off the network. */
const WALK_ENV = { RATE_LIMIT_MAX: '10000', DNS_SERVERS: '127.0.0.1:9' };

describe.each(testDatabaseTargets())('every registered route without a token on $name', (target) => {
  const web = webDistFixture();
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let routes: RecordedRoute[];

  beforeAll(async () => {
    const recorder = recordRoutes();
    try {
      harness = await startTestAppOn(target, { ...WALK_ENV, WEB_DIST_DIR: web.path });
    } finally {
      recorder.stop();
    }
    routes = recorder.routes;
  });
  afterAll(async () => {
    await harness?.stop();
    web.remove();
  });

  it('answers 401 unless the route is public for a stated reason, never 5xx, never a stack trace', async () => {
    const { findings, walked } = await walkRoutes(harness.app, routes, PUBLIC_ROUTES);
    expect(findings).toEqual([]);
    // The recorder saw the whole app (the public list's first and last routes are checked above), protected routes included.
    expect(walked.length).toBeGreaterThan(2 * PUBLIC_ROUTES.length);
  });

  it('catches a new route without auth, and a public entry whose route is gone', async () => {
    const recorder = recordRoutes();
    const planted = await startTestAppOn(target, WALK_ENV, (app) => {
      app.get('/api/v1/planted-open', { config: { access: 'public' } }, async () => ({ data: { secret: true } }));
      app.get('/api/v1/planted-closed', { config: { access: 'sparks.read' } }, async () => ({ data: { secret: true } }));
    }).finally(() => recorder.stop());
    try {
      const stale: PublicRoute = { method: 'GET', url: '/api/v1/removed-feature', reason: 'was public once' };
      const { findings } = await walkRoutes(planted.app, recorder.routes, [...PUBLIC_ROUTES, stale]);
      expect(findings.filter((finding) => /planted/.test(finding))).toEqual([
        expect.stringMatching(/^GET \/api\/v1\/planted-open .*answered 200 without a token/),
      ]);
      expect(findings).toContain('public list: GET /api/v1/removed-feature is no longer registered; remove it from the list');
    } finally {
      await planted.stop();
    }
  }, 90_000); // starts an app of its own, which takes a while on a busy machine
});
