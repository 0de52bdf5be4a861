import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

export interface DnsPeer {
  socket: Socket;
  /** host:port to put in DNS_SERVERS. */
  address: string;
  queries: string[];
  close(): void;
}

/**
 * A real DNS server on loopback. Names listed under `mx` answer MX, names under `a` answer A
 * only; every other name is NXDOMAIN.
 */
export function startDnsPeer(records: { mx?: string[]; a?: string[] }): Promise<DnsPeer> {
  const mx = new Set(records.mx ?? []);
  const a = new Set(records.a ?? []);
  const queries: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${question.name}`);
    const answers: dnsPacket.Answer[] = [];
    if (mx.has(question.name) && question.type === 'MX')
      answers.push({ type: 'MX', name: question.name, ttl: 60, data: { preference: 10, exchange: `mx.${question.name}` } });
    if (a.has(question.name) && question.type === 'A') answers.push({ type: 'A', name: question.name, ttl: 60, data: '192.0.2.10' });
    const known = mx.has(question.name) || a.has(question.name);
    const NXDOMAIN = 3;
    socket.send(
      dnsPacket.encode({
        id: query.id,
        type: 'response',
        flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : NXDOMAIN),
        questions: query.questions,
        answers,
      }),
      remote.port,
      remote.address,
    );
  });
  return new Promise((resolve) =>
    socket.bind(0, '127.0.0.1', () =>
      resolve({ socket, address: `127.0.0.1:${(socket.address() as AddressInfo).port}`, queries, close: () => socket.close() }),
    ),
  );
}
