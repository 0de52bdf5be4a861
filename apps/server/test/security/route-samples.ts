import type { RecordedRoute } from './route-recorder.js';

const UUID = '0b7c6f1e-3f5d-4c1a-9b8e-2d4f6a8c0e12';
const GRAPH_ID = 'b!Zm9vYmFy.site-1';

/**
 * Path parameters by name, shaped like real ones: public routes validate them (a protected route
 * refuses a missing token before it validates anything, so its samples only need to route).
 */
const PARAM_VALUES: Record<string, string> = {
  sparkId: UUID,
  testId: UUID,
  testSparkId: UUID,
  documentId: UUID,
  chunkId: UUID,
  caseId: UUID,
  gapId: UUID,
  requestId: UUID,
  websiteId: UUID,
  conversationId: UUID,
  channelId: UUID,
  actionId: UUID,
  platform: 'telegram',
  id: UUID,
  token: 'dpl_Q2hhdFdpZGdldDAx',
  provider: 'google',
  sparkname: 'new-spark',
  siteId: GRAPH_ID,
  driveId: GRAPH_ID,
  customerId: 'cus_Security01',
  invitationId: UUID,
  keyId: UUID,
  webhookId: UUID,
  deliveryId: UUID,
  userId: UUID,
  domain: 'example.com',
};

/** Where one route's parameter has a shape of its own (test checkout ids are not UUIDs). */
const ROUTE_PARAM_VALUES: Record<string, Record<string, string>> = {
  '/api/v1/billing/test-checkout/:id': { id: 'cs_test_securitywalk01' },
  '/api/v1/billing/test-portal/:id': { id: 'cs_test_securitywalk01' },
};

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** A request for the route with its path filled in, without credentials and without a valid body. */
export function sampleRequest(route: RecordedRoute): { method: string; url: string; query?: Record<string, string>; payload?: object } {
  const filled = route.url
    .replace(/:(\w+)/g, (_match, name: string) => {
      const value = ROUTE_PARAM_VALUES[route.url]?.[name] ?? PARAM_VALUES[name];
      if (value === undefined) throw new Error(`no sample value for :${name} of ${route.method} ${route.url}: add one to route-samples.ts`);
      return value;
    })
    .replace(/\/\*$/, '/sample.txt');
  // The bare catch-all (CORS preflight) is asked about an API path, as a browser would before a call.
  const url = filled === '*' ? '/api/v1/sparks' : filled;
  // An empty body fails every body schema: a protected route must still answer 401, authentication coming first.
  const payload = WITH_BODY.has(route.method) ? {} : undefined;
  return { method: route.method, url, ...(payload ? { payload } : {}) };
}
