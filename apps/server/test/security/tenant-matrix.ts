import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ValueHints } from '#test/json-schema-arbitrary.js';
import { operationKeyOf, type Operation } from './openapi-operations.js';
import type { RecordedRoute } from './route-recorder.js';
import { schemaSample } from './schema-sample.js';
import type { Tenant } from './tenant-fixtures.js';

export interface ExcludedRoute {
  method: string;
  url: string;
  reason: string;
}

export interface MatrixCall {
  /** The route as registered, `METHOD /path/:param`. */
  route: string;
  variant: string;
  method: string;
  url: string;
  payload?: unknown;
}

/** The owner's ids a path parameter of this name can stand for; several where one name serves several kinds. */
function ownedValues(victim: Tenant, route: RecordedRoute, name: string): string[] | undefined {
  const byRoute: Record<string, Record<string, string[]>> = {
    '/api/v1/llm/chat-history/:id': { id: [victim.testConversationId, victim.builderConversationId, victim.systemConversationId] },
    '/api/v1/spark-sys/conversations/:id': { id: [victim.systemConversationId, victim.builderConversationId] },
    '/api/v1/objectives/:id': { id: [victim.sparkId] },
    '/api/v1/sparks/:sparkId/answers/:documentId': { sparkId: [victim.sparkId], documentId: [victim.ownerAnswerId, victim.documentId] },
    // The topic is a fixed word; the ids this route takes arrive in its query (see QUERIES).
    '/api/v1/spark-sys/:sparkname/chat': { sparkname: ['settings'] },
  };
  const sharepoint = victim.sharepoint;
  const byName: Record<string, string[]> = {
    sparkId: [victim.sparkId],
    testId: [victim.testId],
    testSparkId: [victim.testId],
    documentId: [victim.documentId],
    chunkId: [victim.chunkId],
    caseId: [victim.caseId],
    gapId: [victim.gapId],
    requestId: [victim.requestId],
    websiteId: [victim.websiteId],
    conversationId: [victim.liveConversationId],
    channelId: [victim.whatsappChannelId],
    actionId: [victim.actionId],
    platform: ['telegram', 'meta'],
    customerId: [victim.customerId],
    userId: [victim.memberUserId],
    invitationId: [victim.invitationId],
    keyId: [victim.apiKeyId],
    webhookId: [victim.webhookId],
    deliveryId: [victim.webhookDeliveryId],
    ...(sharepoint ? { siteId: [sharepoint.siteId], driveId: [sharepoint.driveId] } : {}),
  };
  return byRoute[route.url]?.[name] ?? byName[name];
}

/** Query strings a route needs to get past validation, and those that carry the owner's ids. */
function queriesOf(victim: Tenant, route: RecordedRoute): string[] {
  const queries: Record<string, string[]> = {
    '/api/v1/sparks/:sparkId/search': ['q=bicycles'],
    '/api/v1/objectives/:id': ['lang=en'],
    '/api/v1/sparks/:sparkId/integrations/microsoft/authorize': ['service=sharepoint'],
    '/api/v1/spark-sys/:sparkname/chat': [`text=Hello&sessionId=${victim.systemConversationId}`, `text=Hello&sessionId=${victim.builderConversationId}`],
  };
  return queries[route.url] ?? [''];
}

/** Body fields that name the owner's things: a stranger's body points at them too. */
export function hintsOf(owner: Tenant): ValueHints {
  return {
    sparkId: [owner.sparkId],
    testId: [owner.testId],
    documentId: [owner.documentId],
    citesDocumentId: [owner.documentId],
    conversationId: [owner.testConversationId],
    messageId: [owner.answerMessageId],
    actionId: [owner.actionId],
    sessionId: [owner.builderConversationId],
    siteId: owner.sharepoint ? [owner.sharepoint.siteId] : [],
    driveId: owner.sharepoint ? [owner.sharepoint.driveId] : [],
    folderIds: owner.sharepoint ? [owner.sharepoint.folderId] : [],
    allowedOrigins: ['https://stranger.example'],
    // A website to read: public, so it passes the address check (the crawl itself may fail offline).
    url: ['https://www.example.com/'],
    privacyUrl: ['https://stranger.example/privacy'],
    // Objective steps a user may report themselves.
    stepId: ['deploy'],
  };
}

/** Path parameters naming rows of ours (not Microsoft's site and drive ids). */
const OUR_IDS = new Set(['testId', 'testSparkId', 'documentId', 'chunkId', 'caseId', 'gapId', 'requestId', 'websiteId', 'conversationId']);

const cartesian = (lists: string[][]): string[][] =>
  lists.reduce<string[][]>((rows, list) => rows.flatMap((row) => list.map((value) => [...row, value])), [[]]);

/**
 * The stranger's calls at one route: every combination of the owner's ids in the path (and
 * query), and where the route nests an id under a Spark, the stranger's own Spark with the
 * owner's id under it. A route with a parameter no id is known for gets no call, and so shows
 * up as uncovered.
 */
export function callsFor(route: RecordedRoute, operation: Operation | undefined, victim: Tenant, stranger: Tenant): MatrixCall[] {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const values = names.map((name) => ownedValues(victim, route, name));
  if (values.some((list) => list === undefined)) return [];
  const bodyFor = (owner: Tenant) => (operation?.bodySchema ? schemaSample(operation.bodySchema, hintsOf(owner)) : undefined);
  const fill = (row: string[]) => names.reduce((url, name, index) => url.replace(`:${name}`, encodeURIComponent(row[index]!)), route.url);
  // Everything the owner's: path ids and the ids inside the body.
  const rows = cartesian(values as string[][]).map((row) => ({ variant: 'owner ids', row, payload: bodyFor(victim) }));
  if (names[0] === 'sparkId' && names.length > 1 && names.slice(1).every((name) => OUR_IDS.has(name))) {
    // The stranger's own Spark (and body) in front of the owner's document, test, case or passage.
    const mixed = cartesian([[stranger.sparkId], ...(values.slice(1) as string[][])]);
    rows.push(...mixed.map((row) => ({ variant: 'own Spark, owner ids', row, payload: bodyFor(stranger) })));
  }
  return rows.flatMap(({ variant, row, payload }) =>
    queriesOf(victim, route).map((query) => ({
      route: `${route.method} ${route.url}`,
      variant,
      method: route.method,
      url: `${fill(row)}${query ? `?${query}` : ''}`,
      ...(payload === undefined ? {} : { payload }),
    })),
  );
}

/** Routes with a parameter in their path, each once (a GET's HEAD twin is the GET). */
export function parameterisedRoutes(recorded: readonly RecordedRoute[]): RecordedRoute[] {
  const gets = new Set(recorded.filter((route) => route.method === 'GET').map((route) => route.url));
  const seen = new Set<string>();
  return recorded.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (!route.url.includes(':') || seen.has(key) || (route.method === 'HEAD' && gets.has(route.url))) return false;
    seen.add(key);
    return true;
  });
}

/** What a coverage check finds wrong: a parameterised route neither exercised nor excluded, or an exclusion for a route gone. */
export function coverageFindings(routes: readonly RecordedRoute[], exercised: ReadonlySet<string>, excluded: readonly ExcludedRoute[]): string[] {
  const isExcluded = (route: RecordedRoute) => excluded.some((entry) => entry.method === route.method && entry.url === route.url);
  const findings = routes
    .filter((route) => !exercised.has(`${route.method} ${route.url}`) && !isExcluded(route))
    .map(
      (route) =>
        `${route.method} ${route.url} takes an id but no other tenant's id was tried on it: give its parameters values in tenant-matrix.ts or exclude it with a reason`,
    );
  for (const entry of excluded) {
    if (!routes.some((route) => route.method === entry.method && route.url === entry.url))
      findings.push(`excluded ${entry.method} ${entry.url} is no longer registered; remove it from the list`);
  }
  return findings;
}

/** Sends the calls as the stranger; lists every answer that is not a 404 (a 2xx acted on or showed the owner's data). */
export async function strangerFindings(app: FastifyInstance, calls: readonly MatrixCall[], token: string): Promise<string[]> {
  const findings: string[] = [];
  for (const call of calls) {
    const response = await app.inject({
      method: call.method as InjectOptions['method'],
      url: call.url,
      headers: { authorization: `Bearer ${token}` },
      ...(call.payload === undefined ? {} : { payload: call.payload as object }),
    });
    if (response.statusCode !== 404)
      findings.push(`${call.method} ${call.url} (${call.variant}) answered ${response.statusCode}: ${response.payload.slice(0, 200)}`);
  }
  return findings;
}

export const operationFor = (operations: readonly Operation[], route: RecordedRoute): Operation | undefined =>
  operations.find((operation) => operation.key === operationKeyOf(route.method, route.url));
