import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type startTestApp, startTestAppOn } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

/**
 * Two per-address limits, both at RATE_LIMIT_MAX: the plugin's global API budget (on a public
 * endpoint without database work), and a route's own limit() helper (the widget frame, which is
 * outside /api so only its own limit counts).
 */
const LIMITED = [
  { name: 'the global API budget', url: '/api/v1/auth/providers', allowed: 200 },
  { name: 'the widget frame’s own limit', url: '/widget/frame/dpl_not_a_real_token_1234', allowed: 404 },
];
const MAX = 2;
// Every request comes from the same peer: only the header differs.
const PEER = '192.0.2.10';
const A = '203.0.113.1';
const B = '203.0.113.2';
const C = '203.0.113.3';

const statusesFor = async (app: FastifyInstance, url: string, forwardedFor: string[]) => {
  const statuses: number[] = [];
  for (const address of forwardedFor) {
    const response = await app.inject({ method: 'GET', url, remoteAddress: PEER, headers: { 'x-forwarded-for': address } });
    statuses.push(response.statusCode);
  }
  return statuses;
};

describe.each(
  testDatabaseTargets().flatMap((target) =>
    [
      {
        label: 'TRUST_PROXY unset (the default)',
        env: {},
        // Otherwise any client could reset its own limit by making up a new address on each request.
        claim: 'ignores the header: different claimed addresses share one budget',
        forwardedFor: [A, B, C],
        allowedCount: MAX,
      },
      {
        label: 'TRUST_PROXY=true',
        env: { TRUST_PROXY: 'true' },
        // Behind a proxy every request arrives from the proxy: counting the peer would make all users share one limit.
        claim: 'believes the proxy: each forwarded client address has a budget of its own',
        forwardedFor: [A, A, B, B, A],
        allowedCount: 2 * MAX,
      },
    ].map((variant) => ({ ...variant, target, database: target.name })),
  ),
)('X-Forwarded-For and per-address rate limits with $label on $database', ({ env, claim, forwardedFor, allowedCount, target }) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    harness = await startTestAppOn(target, { ...env, RATE_LIMIT_MAX: String(MAX) });
  });
  afterAll(async () => harness?.stop());

  it.each(LIMITED)(`${claim} ($name)`, async ({ url, allowed }) => {
    const statuses = await statusesFor(harness.app, url, forwardedFor);
    expect(statuses).toEqual([...Array<number>(allowedCount).fill(allowed), 429]);
  });
});
