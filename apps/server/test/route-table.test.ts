import { API_BASE_PATH, API_ROUTES } from '@sparks/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRoutes, type RecordedRoute } from './security/route-recorder.js';
import { startTestApp } from './test-app.js';

/** Routes under the API prefix that are not JSON calls: redirects, HTML pages, the signed payment webhook. */
const NOT_JSON_CALLS = new Set([
  'GET /auth/service/:provider/callback',
  'GET /integrations/microsoft/callback',
  'POST /billing/webhook',
  'GET /billing/test-checkout/:id',
  'POST /billing/test-checkout/:id',
  'GET /billing/test-portal/:id',
  'POST /billing/test-portal/:id',
  'GET /docs',
]);

/** docs/architecture.md §8: the contract's route table is what the server registers and what the clients call. */
describe('the contract route table', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let registered: Set<string>;

  beforeAll(async () => {
    const recorder = recordRoutes();
    try {
      harness = await startTestApp(undefined);
    } finally {
      recorder.stop();
    }
    registered = new Set(recorder.routes.map((route: RecordedRoute) => `${route.method} ${route.url}`));
  });
  afterAll(async () => harness?.stop());

  it('is registered by the server: each entry at its method and path', () => {
    const entries = Object.values(API_ROUTES);
    expect(entries.length).toBeGreaterThan(60);
    const unregistered = entries.map((route) => `${route.method} ${API_BASE_PATH}${route.path}`).filter((key) => !registered.has(key));
    expect(unregistered).toEqual([]);
  });

  it('lists every JSON route the server answers under the API prefix', () => {
    const listed = new Set(Object.values(API_ROUTES).map((route) => `${route.method} ${API_BASE_PATH}${route.path}`));
    const unlisted = [...registered].filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      if (method === 'HEAD' || method === 'OPTIONS' || !url.startsWith(`${API_BASE_PATH}/`)) return false;
      if (url.startsWith(`${API_BASE_PATH}/docs`)) return false;
      return !listed.has(key) && !NOT_JSON_CALLS.has(`${method} ${url.slice(API_BASE_PATH.length)}`);
    });
    expect(unlisted).toEqual([]);
  });

  it('names each entry after its key, so a client call and its route cannot drift apart', () => {
    const misnamed = Object.entries(API_ROUTES).filter(([key, route]) => route.name !== key);
    expect(misnamed).toEqual([]);
  });
});
