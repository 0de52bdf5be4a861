import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.js';

/** A real DNS server on loopback: MX for mail.example, only A for web.example, NXDOMAIN for the rest. */
function startDnsPeer(): Promise<{ socket: Socket; address: string; queries: string[] }> {
  const queries: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${question.name}`);
    const answers: dnsPacket.Answer[] = [];
    if (question.name === 'mail.example' && question.type === 'MX') answers.push({ type: 'MX', name: question.name, ttl: 60, data: { preference: 10, exchange: 'mx.mail.example' } });
    if (question.name === 'web.example' && question.type === 'A') answers.push({ type: 'A', name: question.name, ttl: 60, data: '192.0.2.10' });
    const known = question.name === 'mail.example' || question.name === 'web.example';
    const response = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : 3),
      questions: query.questions,
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });
  return new Promise((resolve) =>
    socket.bind(0, '127.0.0.1', () => resolve({ socket, address: `127.0.0.1:${(socket.address() as AddressInfo).port}`, queries })),
  );
}

describe('GET /api/domain/{domain}', () => {
  let dns: Awaited<ReturnType<typeof startDnsPeer>>;
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    dns = await startDnsPeer();
    harness = await startTestApp(undefined, { DNS_SERVERS: dns.address });
  });
  afterAll(async () => {
    await harness.stop();
    dns.socket.close();
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

  it('accepts the domain when DNS cannot be reached', async () => {
    const offline = await startTestApp(undefined, { DNS_SERVERS: '127.0.0.1:9' });
    try {
      expect((await offline.app.inject({ method: 'GET', url: '/api/domain/any.example' })).json()).toEqual({ dns: true });
    } finally {
      await offline.stop();
    }
  });
});
