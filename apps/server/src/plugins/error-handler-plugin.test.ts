import { errorBodySchema } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { startTestApp } from '#test/test-app.js';
import { AppError } from '../lib/app-error.js';

/** Routes that exist only in this test, to drive each kind of failure through the real pipeline; public, so no sign-in stands in the way. */
function addProbeRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/v1/probe/echo',
    { config: { access: 'public' }, schema: { body: z.object({ name: z.string().min(1).max(20), count: z.number().int() }) } },
    async (request) => ({
      data: request.body,
    }),
  );
  typed.get('/api/v1/probe/crash', { config: { access: 'public' } }, async () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
  typed.get('/api/v1/probe/nul', { config: { access: 'public' } }, async () => {
    await app.database.db.execute(sql`select ${'a\u0000b'}::text as value`);
    return { data: 'stored' };
  });
  typed.get('/api/v1/probe/payment', { config: { access: 'public' } }, async () => {
    throw new AppError(402, 'PAYMENT_REQUIRED', 'Document limit reached');
  });
}

describe('error responses', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    harness = await startTestApp(undefined, {}, addProbeRoutes);
  });
  afterAll(async () => harness.stop());

  const expectErrorBody = (payload: string, status: number, code: string) => {
    const body = errorBodySchema.parse(JSON.parse(payload));
    expect(body.status).toBe(status);
    expect(body.code).toBe(code);
    expect(payload).not.toMatch(/\bat \S+ \(|stack|node_modules/);
    return body;
  };

  it('answers an unknown API route with 404 in the error shape', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(expectErrorBody(response.payload, 404, 'NOT_FOUND').errors[0]).toContain('/api/v1/nope');
  });

  it('answers a malformed JSON body with 400 and keeps the route untouched', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ana", ',
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorBody(response.payload, 400, 'INVALID_JSON').errors).toEqual(['The request body is not valid JSON']);
  });

  it('names each field that fails validation', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/probe/echo',
      payload: { name: 'x'.repeat(21), count: 'three' },
    });
    expect(response.statusCode).toBe(400);
    const body = expectErrorBody(response.payload, 400, 'VALIDATION_FAILED');
    expect(body.errors.some((message) => message.startsWith('body.name'))).toBe(true);
    expect(body.errors.some((message) => message.startsWith('body.count'))).toBe(true);
  });

  it('accepts a valid body', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/v1/probe/echo', payload: { name: 'Ana', count: 2 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { name: 'Ana', count: 2 } });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expectErrorBody(response.payload, 400, 'INVALID_JSON');
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/probe/echo',
      headers: { 'content-type': 'application/x-shockwave-flash' },
      payload: 'boom',
    });
    expect(response.statusCode).toBe(415);
    expectErrorBody(response.payload, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'a', count: 1, pad: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expectErrorBody(response.payload, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('keeps the status, code and message of a deliberate client error', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/probe/payment' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ errors: ['Document limit reached'], code: 'PAYMENT_REQUIRED', status: 402 });
  });

  it('answers a value the database refuses (a NUL byte) with a 400, not a 500', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/probe/nul' });
    expect(response.statusCode).toBe(400);
    expect(expectErrorBody(response.payload, 400, 'VALIDATION_FAILED').errors).toEqual(['The request holds a value that cannot be stored']);
  });

  it('hides the details of an unexpected failure', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/probe/crash' });
    expect(response.statusCode).toBe(500);
    const body = expectErrorBody(response.payload, 500, 'INTERNAL');
    expect(response.payload).not.toContain('postgres://');
    expect(body.errors).toEqual(['Something went wrong on our side. Please try again.']);
  });

  it('answers malformed and over-long addresses in the error shape', async () => {
    const badUrl = await harness.app.inject({ method: 'GET', url: '/api/domain/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expectErrorBody(badUrl.payload, 400, 'VALIDATION_FAILED');
    const tooLong = await harness.app.inject({ method: 'GET', url: `/api/domain/${'a'.repeat(400)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(expectErrorBody(tooLong.payload, 414, 'VALIDATION_FAILED').errors).toEqual(['The address is too long']);
  });

  it('answers a wrong method on a known path in the error shape', async () => {
    const response = await harness.app.inject({ method: 'DELETE', url: '/api/v1/health' });
    expect(response.statusCode).toBe(404);
    expectErrorBody(response.payload, 404, 'NOT_FOUND');
  });
});
