import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsPeer } from '../../../../../test/support/dns-peer.js';
import { startTestApp } from '#test/test-app.js';

describe('GET /api/domain/{domain}', () => {
  let dns: Awaited<ReturnType<typeof startDnsPeer>>;
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    dns = await startDnsPeer({ mx: ['mail.example'], a: ['web.example', 'example.com'] });
    harness = await startTestApp(undefined, { DNS_SERVERS: dns.address });
  });
  afterAll(async () => {
    await harness.stop();
    dns.close();
  });
  const check = (domain: string) => harness.app.inject({ method: 'GET', url: `/api/domain/${encodeURIComponent(domain)}` });

  it('says yes for a domain with MX records, and yes for one with only an address', async () => {
    expect((await check('mail.example')).json()).toEqual({ dns: true });
    expect((await check('web.example')).json()).toEqual({ dns: true });
  });

  it('says no for a domain that does not exist', async () => {
    expect((await check('nowhere.example')).json()).toEqual({ dns: false });
  });

  it('answers repeated checks from its cache', async () => {
    const before = dns.queries.filter((query) => query.endsWith('mail.example')).length;
    await check('MAIL.example');
    expect(dns.queries.filter((query) => query.endsWith('mail.example')).length).toBe(before);
  });

  it.each(['not a domain', 'localhost', '-bad-.example', `${'a'.repeat(64)}.example`])('refuses %j with a 400', async (domain) => {
    const response = await check(domain);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it.each([
    ['an over-long name', 'a'.repeat(300), 414],
    ['a path trick', '..', 404],
  ])('refuses %s in the error shape', async (_label, domain, status) => {
    const response = await check(domain);
    expect(response.statusCode).toBe(status);
    expect((response.json() as { errors: string[] }).errors.length).toBeGreaterThan(0);
  });

  it('accepts the domain when the resolver denies every name, even example.com', async () => {
    const sinkhole = await startDnsPeer({});
    const offline = await startTestApp(undefined, { DNS_SERVERS: sinkhole.address });
    try {
      expect((await offline.app.inject({ method: 'GET', url: '/api/domain/any.example' })).json()).toEqual({ dns: true });
      expect(sinkhole.queries.some((query) => query.endsWith(' example.com'))).toBe(true);
    } finally {
      await offline.stop();
      sinkhole.close();
    }
  });

  it('accepts the domain when DNS cannot be reached', async () => {
    const offline = await startTestApp(undefined, { DNS_SERVERS: '127.0.0.1:9' });
    try {
      expect((await offline.app.inject({ method: 'GET', url: '/api/domain/any.example' })).json()).toEqual({ dns: true });
    } finally {
      await offline.stop();
    }
  });
});
