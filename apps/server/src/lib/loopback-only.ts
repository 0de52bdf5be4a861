import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6-mapped address. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(ipv4)) return ipv4.startsWith('127.');
  return isIPv6(address) && /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(address);
}

/**
 * For pages that must never leave the machine (the development mailbox shows every user's codes).
 * Read from the socket, never from request.ip, so TRUST_PROXY cannot widen it; and a request that
 * came through a proxy on this machine (it says so in a forwarding header) is someone else's,
 * even though its socket is loopback. Anyone else is told the page does not exist.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const forwarded = FORWARDING_HEADERS.some((header) => request.headers[header] !== undefined);
  if (forwarded || !isLoopback(request.raw.socket.remoteAddress)) return reply.callNotFound();
}
