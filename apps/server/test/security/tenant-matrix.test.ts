import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '#src/db/schema.js';
import { documentsClient } from '#test/documents-helpers.js';
import { type startTestApp, startTestAppOn } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { startFakeMicrosoft, type FakeMicrosoft } from '../../../../test/support/fake-microsoft.js';
import { servedOperations, type Operation } from './openapi-operations.js';
import { ownerView } from './owner-view.js';
import { PUBLIC_ROUTES } from './public-routes.js';
import { recordRoutes, type RecordedRoute } from './route-recorder.js';
import { fieldsNamed, schemaSample, withField } from './schema-sample.js';
import { tenantWithEverything, type Tenant } from './tenant-fixtures.js';
import {
  callsFor,
  coverageFindings,
  hintsOf,
  operationFor,
  parameterisedRoutes,
  strangerFindings,
  type ExcludedRoute,
  type MatrixCall,
} from './tenant-matrix.js';

/**
 * Parameterised routes no stranger's id is tried on: the public ones (route-walk's list, with its
 * reasons), where a token, a state or a checkout id in the path is the credential, not a tenant's
 * id. Every other one must answer 404 to a stranger.
 */
const EXCLUDED: ExcludedRoute[] = [
  ...PUBLIC_ROUTES.flatMap((route) =>
    typeof route.url === 'string' && route.url.includes('/:') ? [{ method: route.method, url: route.url, reason: route.reason }] : [],
  ),
  {
    method: 'POST',
    url: '/api/v1/invitations/:token/accept',
    reason: 'the link’s secret names the invitation, and only the address it was sent to may use it: a stranger is refused (team.test)',
  },
];

/** Body fields that name a tenant's things but that the server never reads, so the owner's value there is harmlessly ignored. */
const UNREAD_ID_FIELDS: Record<string, string> = {
  'POST /api/v1/llm/load-doc-message sessionId': 'sent by the spec’s client; the answer depends only on the message text and the caller’s own Spark',
};

/** Body fields that name a tenant's things. */
const ID_FIELDS = new Set(['sparkId', 'testId', 'documentId', 'citesDocumentId', 'conversationId', 'sessionId', 'actionId']);

/** Limits raised so every call meets the ownership check rather than a budget. */
const ENV = {
  RATE_LIMIT_MAX: '100000',
  CHAT_TURNS_PER_MINUTE: '100000',
  PUBLIC_URL: 'http://sparks.test',
};

/** A destructive call runs after everything else, a Spark's deletion last, so a leak shows where it happens. */
const orderOf = (call: MatrixCall): number => (call.method !== 'DELETE' ? 0 : call.route === 'DELETE /api/v1/sparks/:sparkId' ? 2 : 1);

describe.each(testDatabaseTargets())('another tenant’s ids on every route that takes one on $name', (target) => {
  let microsoft: FakeMicrosoft;
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let routes: RecordedRoute[];
  let operations: Operation[];
  let owner: Tenant;
  let stranger: Tenant;
  let before: Record<string, unknown>;
  const app = (): FastifyInstance => harness.app;
  let calls: MatrixCall[];

  beforeAll(async () => {
    microsoft = await startFakeMicrosoft();
    const recorder = recordRoutes();
    try {
      harness = await startTestAppOn(target, {
        ...ENV,
        MICROSOFT_CLIENT_ID: microsoft.clientId,
        MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
        MICROSOFT_AUTHORITY: microsoft.authority,
        GRAPH_BASE_URL: microsoft.graphUrl,
      });
    } finally {
      recorder.stop();
    }
    routes = recorder.routes;
    operations = await servedOperations(app());
    owner = await tenantWithEverything(app(), microsoft);
    stranger = await tenantWithEverything(app());
    before = await ownerView(app(), owner);
    calls = parameterisedRoutes(routes)
      .filter((route) => !EXCLUDED.some((entry) => entry.method === route.method && entry.url === route.url))
      .flatMap((route) => callsFor(route, operationFor(operations, route), owner, stranger))
      .sort((a, b) => orderOf(a) - orderOf(b));
  });
  afterAll(async () => {
    await harness?.stop();
    await microsoft?.close();
  });

  it('answers 404 to a stranger on every verb of every parameterised route, for each of the owner’s ids', async () => {
    // Every view compared afterwards was really readable by its owner.
    expect(Object.entries(before).filter(([, read]) => (read as { status: number }).status !== 200)).toEqual([]);
    expect(await strangerFindings(app(), calls, stranger.token)).toEqual([]);
  });

  it('refuses the owner’s ids inside a stranger’s bodies and queries on the stranger’s own routes', async () => {
    const tried = new Set<string>();
    const findings: string[] = [];
    const headers = { authorization: `Bearer ${stranger.token}` };
    const ownIds: Record<string, string> = { sparkId: stranger.sparkId, testId: stranger.testId, testSparkId: stranger.testId, caseId: stranger.caseId };
    const victimIds: Record<string, string[]> = {
      ...{ sparkId: [owner.sparkId], testId: [owner.testId], documentId: [owner.documentId], citesDocumentId: [owner.documentId], actionId: [owner.actionId] },
      ...{ conversationId: [owner.testConversationId, owner.builderConversationId], sessionId: [owner.builderConversationId, owner.systemConversationId] },
    };
    for (const operation of operations) {
      const paths = fieldsNamed(operation.bodySchema, ID_FIELDS);
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      if (paths.length === 0 || names.some((name) => !(name in ownIds))) continue;
      const url = names.reduce((path, name) => path.replace(`{${name}}`, ownIds[name]!), operation.path);
      const body = schemaSample(operation.bodySchema!, hintsOf(stranger));
      for (const path of paths) {
        for (const value of victimIds[path.at(-1)!]!) {
          const field = `${operation.key} ${path.join('.')}`;
          tried.add(field);
          const response = await app().inject({ method: operation.method as 'POST', url, headers, payload: withField(body, path, value) as object });
          const refused = response.statusCode === 404 || response.statusCode === 400;
          // An unread field may be accepted; the owner's unchanged view (below) proves it acted on nothing.
          if (!refused && !(field in UNREAD_ID_FIELDS && response.statusCode < 300))
            findings.push(`${operation.key} with ${path.join('.')} of the owner answered ${response.statusCode}: ${response.payload.slice(0, 200)}`);
        }
      }
    }
    // The upload form and the system assistant's query name a Spark and a conversation too.
    const upload = await documentsClient(app(), stranger.token).upload({ sparkId: owner.sparkId }, { name: 'intruder.md', bytes: Buffer.from('# Mine now\n') });
    if (upload.statusCode !== 404) findings.push(`POST /api/v1/bucket into the owner’s Spark answered ${upload.statusCode}: ${upload.payload.slice(0, 200)}`);
    const assistant = await app().inject({ method: 'GET', url: `/api/v1/spark-sys/new-spark/chat?text=Hello&options%5BsparkId%5D=${owner.sparkId}`, headers });
    if (assistant.statusCode !== 404)
      findings.push(`the new-spark assistant on the owner’s Spark answered ${assistant.statusCode}: ${assistant.payload.slice(0, 200)}`);

    expect(findings).toEqual([]);
    expect(Object.keys(UNREAD_ID_FIELDS).filter((field) => !tried.has(field))).toEqual([]);
    expect([...tried].sort()).toEqual(
      expect.arrayContaining([
        'POST /api/v1/llm/chat conversationId',
        'POST /api/v1/llm/chat sparkId',
        'POST /api/v1/llm/load-doc-message sparkId',
        'POST /api/v1/sparks/{sparkId}/chat/{testSparkId} conversationId',
        'POST /api/v1/sparks/{sparkId}/tests params.documentId',
        'POST /api/v1/sparks/{sparkId}/test-cases testId',
        'POST /api/v1/sparks/{sparkId}/test-cases checks.0.citesDocumentId',
        'POST /api/v1/sparks/{sparkId}/test-cases checks.0.callsAction.actionId',
        'PATCH /api/v1/sparks/{sparkId}/test-cases/{caseId} checks.0.citesDocumentId',
      ]),
    );
  });

  it('answers 404 before any plan refusal: a stranger whose trial ended learns nothing of the owner’s ids', async () => {
    // Every admission of an ended trial refuses (402): ownership must be settled before it is asked.
    await app()
      .database.db.update(tenants)
      .set({ planSlug: 'free', trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(tenants.id, stranger.tenantId));
    expect(await strangerFindings(app(), calls, stranger.token)).toEqual([]);
    // The builder chat names its Spark and conversation in the body.
    const headers = { authorization: `Bearer ${stranger.token}` };
    for (const payload of [
      { sparkId: owner.sparkId, message: { type: 'human', content: 'Hello' } },
      { sparkId: stranger.sparkId, conversationId: owner.builderConversationId, message: { type: 'human', content: 'Hello' } },
    ]) {
      const builder = await app().inject({ method: 'POST', url: '/api/v1/llm/chat', headers, payload });
      expect(builder.statusCode, builder.payload).toBe(404);
    }
  });

  it('leaves everything the owner has exactly as it was', async () => {
    expect(await ownerView(app(), owner)).toEqual(before);
  });

  it('tries every parameterised route not excluded for a stated reason', () => {
    const parameterised = parameterisedRoutes(routes);
    const exercised = new Set(calls.map((call) => call.route));
    expect(coverageFindings(parameterised, exercised, EXCLUDED)).toEqual([]);
    expect(exercised.size).toBeGreaterThan(30);
    expect(calls.length).toBeGreaterThan(exercised.size);
    // A route added without a value for its parameter, and an exclusion whose route is gone, are both reported.
    const planted = [...parameterised, { method: 'GET', url: '/api/v1/sparks/:sparkId/invoices/:invoiceId' }];
    const stale = [...EXCLUDED, { method: 'GET', url: '/api/v1/removed/:id', reason: 'was public once' }];
    expect(coverageFindings(planted, exercised, stale)).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/sparks\/:sparkId\/invoices\/:invoiceId takes an id but no other tenant's id was tried/),
      'excluded GET /api/v1/removed/:id is no longer registered; remove it from the list',
    ]);
    expect(callsFor({ method: 'GET', url: '/api/v1/sparks/:sparkId/invoices/:invoiceId' }, undefined, owner, stranger)).toEqual([]);
  });
});
