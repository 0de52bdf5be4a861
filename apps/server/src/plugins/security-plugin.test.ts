import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp } from '#test/test-app.js';

describe('security plugins', () => {
  const harnesses: Array<Awaited<ReturnType<typeof startTestApp>>> = [];
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((harness) => harness.stop()));
  });

  it('sends protective headers on API answers', async () => {
    const harness = await startTestApp(undefined);
    harnesses.push(harness);
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('rate-limits per client with a 429 in the error shape', async () => {
    const harness = await startTestApp(undefined, { RATE_LIMIT_MAX: '3' });
    harnesses.push(harness);
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 4; i += 1) {
      const response = await harness.app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '203.0.113.7' });
      statuses.push(response.statusCode);
      last = response.payload;
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(JSON.parse(last)).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    const other = await harness.app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(200);
    // Pages and assets of the web app do not spend the API budget.
    const page = await harness.app.inject({ method: 'GET', url: '/assets/index.js', remoteAddress: '203.0.113.7' });
    expect(page.statusCode).not.toBe(429);
  });

  it('allows cross-origin calls only from configured origins', async () => {
    const harness = await startTestApp(undefined, { CORS_ORIGINS: 'https://app.example' });
    harnesses.push(harness);
    const allowed = await harness.app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin: 'https://app.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    const refused = await harness.app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin: 'https://evil.example' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const harness = await startTestApp(undefined);
    harnesses.push(harness);
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, { get?: { responses?: object } }> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths['/api/v1/health']?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '503']));
  });
});
