import type { RecordedRoute } from './route-recorder.js';

const UUID = '0b7c6f1e-3f5d-4c1a-9b8e-2d4f6a8c0e12';
const GRAPH_ID = 'b!Zm9vYmFy.site-1';

/**
 * Path parameters by name, shaped to pass each route's params schema: a value that fails it
 * would be answered 400 by validation, which runs before the authenticate preHandler and so
 * would hide whether the route checks the caller at all.
 */
const PARAM_VALUES: Record<string, string> = {
  sparkId: UUID,
  testId: UUID,
  testSparkId: UUID,
  documentId: UUID,
  chunkId: UUID,
  caseId: UUID,
  id: UUID,
  token: 'dpl_Q2hhdFdpZGdldDAx',
  provider: 'google',
  sparkname: 'new-spark',
  siteId: GRAPH_ID,
  driveId: GRAPH_ID,
  customerId: 'cus_Security01',
  domain: 'example.com',
};

/** Where one route's parameter has a shape of its own (test checkout ids are not UUIDs). */
const ROUTE_PARAM_VALUES: Record<string, Record<string, string>> = {
  '/api/v1/billing/test-checkout/:id': { id: 'cs_test_securitywalk01' },
  '/api/v1/billing/test-portal/:id': { id: 'cs_test_securitywalk01' },
};

/**
 * Minimal valid bodies and queries of protected routes, for the same reason as the params: a
 * route missing here that validates its input answers 400 and the walk reports it, so a new
 * route gets a sample (or auth before validation) rather than a silent pass.
 */
const INPUTS: Record<string, { query?: Record<string, string>; payload?: object }> = {
  'PATCH /api/v1/sparks/:sparkId': { payload: { name: 'Renamed' } },
  'POST /api/v1/sparks/:sparkId/tests': { payload: { name: 'A test' } },
  'PATCH /api/v1/sparks/:sparkId/tests/:testId': { payload: { name: 'A test' } },
  'POST /api/v1/sparks/:sparkId/tests/:testId/error': { payload: { error: 'It failed' } },
  'POST /api/v1/llm/chat': { payload: { sparkId: UUID, message: { type: 'human', content: 'Hello' } } },
  'POST /api/v1/sparks/:sparkId/chat/:testSparkId': { payload: { input: { text: 'Hello' } } },
  'POST /api/v1/llm/load-doc-message': { payload: { sparkId: UUID, message: { type: 'human', content: 'Hello' } } },
  'GET /api/v1/sparks/:sparkId/search': { query: { q: 'returns' } },
  'PATCH /api/v1/objectives/:id': { payload: { stepId: 'deploy:domain', status: 'completed' } },
  'POST /api/v1/billing/customers/:customerId/session': { payload: { mode: 'subscription', priceId: 'price_ruby' } },
  'PATCH /api/v1/sparks/:sparkId/deploy': { payload: { allowedOrigins: [] } },
  'GET /api/v1/sparks/:sparkId/integrations/microsoft/authorize': { query: { service: 'sharepoint' } },
  'PUT /api/v1/sparks/:sparkId/integrations/sharepoint/selection': { payload: { siteId: GRAPH_ID, driveId: GRAPH_ID, folderIds: [GRAPH_ID] } },
  'POST /api/v1/sparks/:sparkId/test-cases': { payload: { testId: UUID, expectations: {} } },
};

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** A request for the route that passes its schemas, so only the route's own checks can refuse it. */
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
  const input = INPUTS[`${route.method} ${route.url}`];
  const payload = input?.payload ?? (WITH_BODY.has(route.method) ? {} : undefined);
  return { method: route.method, url, ...(input?.query ? { query: input.query } : {}), ...(payload ? { payload } : {}) };
}
