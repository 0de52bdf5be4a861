import { API_BASE_PATH, API_PATHS, PERMISSIONS, type ApiRouteName } from '@sparks/contract';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ROUTE_AUDIT } from '../audit/route-audit.js';
import { ROUTE_ACCESS, type RouteAccess } from '../auth/route-access.js';
import { ROUTE_KEY_SCOPES } from '../auth/route-key-scopes.js';
import type { ApiKeyScope } from '@sparks/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (`auth/route-access.ts`); set by the route, or from ROUTE_ACCESS for the contract's routes. */
    access?: RouteAccess;
    /** The scope that lets an API key call the route (`auth/route-key-scopes.ts`); none: a key may not. */
    keyScope?: ApiKeyScope;
    /** The route's name in the contract's table, when it is one of its routes (the API reference's operation id). */
    routeName?: ApiRouteName;
  }
  interface FastifyInstance {
    /** Every route and who may call it, as declared when it was registered (method, url, access). */
    readonly routeAccess: ReadonlyArray<RouteAccessEntry>;
  }
}

/** One route as the policy reads it: who may call it with a session, and the scope an API key needs (none: no key may). */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  keyScope?: ApiKeyScope;
}

const ACCESS_KINDS: readonly string[] = ['public', 'visitor', 'signed-in', ...PERMISSIONS];

/** The contract's routes by method and full path. */
const CONTRACT_ROUTES = new Map(
  (Object.entries(API_PATHS) as Array<[ApiRouteName, { method: string; path: string }]>).map(([name, { method, path }]) => [
    `${method} ${API_BASE_PATH}${path}`,
    name,
  ]),
);

/**
 * Routes that plugins of the field register, which cannot be given options: the API's own
 * documentation, the CORS preflight answer and the web app's static files (which @fastify/static
 * marks with the file it serves). All public.
 */
function fieldPluginRoute(route: RouteOptions): boolean {
  const url = route.url;
  return (
    url.startsWith(`${API_BASE_PATH}/docs`) ||
    (route.method === 'OPTIONS' && url === '*') ||
    (route.config as { rootPath?: string } | undefined)?.rootPath !== undefined
  );
}

/** The contract's name of a route, when it is one of the contract's. */
function contractName(route: RouteOptions): ApiRouteName | undefined {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  // Fastify adds a HEAD route beside each GET: it is called as the GET is.
  return methods.map((method) => CONTRACT_ROUTES.get(`${method === 'HEAD' ? 'GET' : method} ${route.url}`)).find((name) => name !== undefined);
}

function declaredAccess(route: RouteOptions, name: ApiRouteName | undefined): RouteAccess | undefined {
  if (route.config?.access) return route.config.access;
  if (name) return ROUTE_ACCESS[name];
  return fieldPluginRoute(route) ? 'public' : undefined;
}

/**
 * Authorisation in one place (docs/decisions/0038), its first half: every route declares who may
 * call it, and a route that declares nothing stops the server from starting. The auth plugin's
 * policy hook reads the declaration on every request; the audit plugin reads the route's audit kind
 * set here beside it.
 */
export const routeAccessPlugin = fp(
  async (app) => {
    const table: RouteAccessEntry[] = [];
    app.decorate('routeAccess', table);

    app.addHook('onRoute', (route) => {
      const name = contractName(route);
      const access = declaredAccess(route, name);
      if (!access || !ACCESS_KINDS.includes(access)) throw new Error(`route ${String(route.method)} ${route.url} does not declare who may call it`);
      // HEAD twins are reads: they never write the audit log.
      const audit = name && route.method !== 'HEAD' ? ROUTE_AUDIT[name] : undefined;
      const keyScope = route.config?.keyScope ?? (name ? ROUTE_KEY_SCOPES[name] : undefined);
      // A key's Sparks are checked from the address before the route runs: a route a key may call must name its Spark there.
      if (keyScope && !route.url.includes('/:sparkId')) throw new Error(`route ${String(route.method)} ${route.url} opens to API keys but names no Spark`);
      route.config = { ...route.config, access, ...(audit ? { audit } : {}), ...(keyScope ? { keyScope } : {}), ...(name ? { routeName: name } : {}) };
      for (const method of Array.isArray(route.method) ? route.method : [route.method])
        table.push({ method, url: route.url, access, ...(keyScope ? { keyScope } : {}) });
    });
  },
  { name: 'route-access' },
);
