import { API_BASE_PATH, API_ROUTES, PERMISSIONS, ROLE_PERMISSIONS, ROLES, roleAllows } from '@sparks/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRoutes, type RecordedRoute } from '#test/security/route-recorder.js';
import { startTestApp } from '#test/test-app.js';
import { ROUTE_ACCESS } from '../auth/route-access.js';
import { ROUTE_KEY_SCOPES } from '../auth/route-key-scopes.js';

/** Authorisation in one place (docs/decisions/0038): the route table says who may call each route, and nothing goes undeclared. */
describe('who may call each route', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let recorded: RecordedRoute[];
  beforeAll(async () => {
    const recorder = recordRoutes();
    try {
      harness = await startTestApp(undefined);
    } finally {
      recorder.stop();
    }
    recorded = recorder.routes;
  });
  afterAll(async () => harness?.stop());

  it('is declared for every route the server registers, and for each contract route as the table says', () => {
    const declared = new Map(harness.app.routeAccess.map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(recorded.length).toBeGreaterThan(100);
    expect(recorded.filter((route) => !declared.has(`${route.method} ${route.url}`))).toEqual([]);
    const mismatched = Object.entries(API_ROUTES)
      .map(([name, route]) => [name, declared.get(`${route.method} ${API_BASE_PATH}${route.path}`), ROUTE_ACCESS[name as keyof typeof ROUTE_ACCESS]])
      .filter(([, found, wanted]) => found !== wanted);
    expect(mismatched).toEqual([]);
  });

  it('opens to API keys only the routes that declare a scope, each naming its Spark, and none of billing, the team or keys', () => {
    const keyed = harness.app.routeAccess.filter((route) => route.keyScope);
    // Every route is either a session route or declares the scope that opens it to a key: the table and the registered routes agree.
    const declared = Object.entries(ROUTE_KEY_SCOPES).map(([name, scope]) => {
      const route = API_ROUTES[name as keyof typeof API_ROUTES];
      return `${route.method} ${API_BASE_PATH}${route.path} ${scope}`;
    });
    expect(
      keyed
        .filter((route) => route.method !== 'HEAD')
        .map((route) => `${route.method} ${route.url} ${route.keyScope}`)
        .sort(),
    ).toEqual(declared.sort());
    expect(keyed.filter((route) => !route.url.includes('/:sparkId'))).toEqual([]);
    expect(keyed.filter((route) => route.access === 'public' || route.access === 'visitor' || route.access === 'signed-in')).toEqual([]);
    expect(keyed.filter((route) => /\/(billing|team|developers|account|auth|users|llm|system|invitations)\b/.test(route.url))).toEqual([]);
    expect(keyed.filter((route) => ['billing.manage', 'team.manage', 'developers.manage', 'account.own', 'audit.read'].includes(route.access))).toEqual([]);
  });

  it('stops the server from starting when a route opens to keys without naming its Spark', async () => {
    await expect(
      startTestApp(undefined, {}, (app) =>
        app.get('/api/v1/keyed-everywhere', { config: { access: 'sparks.read', keyScope: 'knowledge.read' } }, async () => ({ data: true })),
      ),
    ).rejects.toThrow('route GET /api/v1/keyed-everywhere opens to API keys but names no Spark');
  });

  it('stops the server from starting when a route declares nothing, or what is no access', async () => {
    await expect(startTestApp(undefined, {}, (app) => app.get('/api/v1/undeclared', async () => ({ data: true })))).rejects.toThrow(
      'route GET /api/v1/undeclared does not declare who may call it',
    );
    await expect(
      startTestApp(undefined, {}, (app) => app.get('/api/v1/misdeclared', { config: { access: 'everyone' as never } }, async () => ({ data: true }))),
    ).rejects.toThrow('route GET /api/v1/misdeclared does not declare who may call it');
  });

  it('gives the owner everything, keeps billing and ownership from admins, and lets unknown roles do nothing', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS);
    expect(PERMISSIONS.filter((permission) => !roleAllows('admin', permission))).toEqual(['billing.manage', 'account.own']);
    for (const role of ROLES.filter((name) => name !== 'owner' && name !== 'admin')) {
      expect(roleAllows(role, 'team.manage')).toBe(false);
      expect(roleAllows(role, 'audit.read')).toBe(false);
      expect(roleAllows(role, 'billing.manage')).toBe(false);
    }
    expect(PERMISSIONS.some((permission) => roleAllows('superuser', permission) || roleAllows('', permission))).toBe(false);
  });
});
