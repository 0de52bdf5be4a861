import type { ApiRouteName } from './api-paths.js';
import type { RouteSchemas } from './api-route.js';
import { ACCOUNT_API_ROUTES } from './account-api-routes.js';
import { ACTIONS_API_ROUTES } from './actions-api-routes.js';
import { DEPLOY_API_ROUTES } from './deploy-api-routes.js';
import { DEVELOPER_API_ROUTES } from './developer-api-routes.js';
import { INSIGHTS_API_ROUTES } from './insights-api-routes.js';
import { LIVE_API_ROUTES } from './live-api-routes.js';
import { MESSAGING_API_ROUTES } from './messaging-api-routes.js';
import { SPARK_API_ROUTES } from './spark-api-routes.js';
import { TEAM_API_ROUTES } from './team-api-routes.js';
import { WEBSITE_API_ROUTES } from './website-api-routes.js';
import { WHATSAPP_API_ROUTES } from './whatsapp-api-routes.js';

export * from './account-api-routes.js';
export * from './spark-api-routes.js';
export * from './deploy-api-routes.js';
export * from './insights-api-routes.js';
export * from './website-api-routes.js';
export * from './live-api-routes.js';
export * from './whatsapp-api-routes.js';
export * from './messaging-api-routes.js';
export * from './actions-api-routes.js';
export * from './team-api-routes.js';
export * from './developer-api-routes.js';

/**
 * The API's contract, route by route: the server registers each route from its entry (path,
 * method, schemas) and the web app calls it through its entry, parsing the answer with `response`.
 * Each area's file lists its own routes; the `satisfies` below keeps every name in `api-paths.ts`
 * covered exactly once, under its own name. Pages, redirects and the payment webhook are not JSON
 * calls and are not listed.
 */
export const API_ROUTES = {
  ...ACCOUNT_API_ROUTES,
  ...SPARK_API_ROUTES,
  ...DEPLOY_API_ROUTES,
  ...INSIGHTS_API_ROUTES,
  ...WEBSITE_API_ROUTES,
  ...LIVE_API_ROUTES,
  ...WHATSAPP_API_ROUTES,
  ...MESSAGING_API_ROUTES,
  ...ACTIONS_API_ROUTES,
  ...TEAM_API_ROUTES,
  ...DEVELOPER_API_ROUTES,
} satisfies { [N in ApiRouteName]: RouteSchemas & { name: N } };

export type ApiRoute = (typeof API_ROUTES)[ApiRouteName];
