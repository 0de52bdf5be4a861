import { networkInterfaces } from 'node:os';
import { isLoopbackHost } from '@sparks/contract';
import type { FastifyRequest } from 'fastify';

/** This machine's interface addresses as `URL.hostname` writes them (IPv6 in brackets), read at each call: they change. */
function isOwnAddress(hostname: string): boolean {
  return Object.values(networkInterfaces()).some((addresses) =>
    (addresses ?? []).some((entry) => (entry.family === 'IPv6' ? `[${entry.address}]` : entry.address) === hostname),
  );
}

/** The origin the request was sent to; Fastify reads X-Forwarded-Host and -Proto only with TRUST_PROXY. */
function requestOrigin(request: FastifyRequest): URL | undefined {
  const protocol = request.protocol;
  if (protocol !== 'http' && protocol !== 'https') return undefined;
  try {
    return new URL(`${protocol}://${request.host}`);
  } catch {
    return undefined;
  }
}

/**
 * Where links the owner's browser follows in this request lead (checkout returns, the embed code,
 * the widget's own origin), without a trailing slash. PUBLIC_URL when set. Without it, the address
 * the request came in on, but only when it names this machine: a loopback name or address, or an
 * address of one of its interfaces. Any other name may be made up by whoever sends the request,
 * in production as anywhere, so it gets PUBLIC_URL's default instead (docs/decisions/0024).
 * E-mails and jobs have no request: they keep `config.publicUrl`.
 */
export function publicUrlFor(request: FastifyRequest): string {
  const { publicUrl, publicUrlSet } = request.server.config;
  if (publicUrlSet) return publicUrl;
  const origin = requestOrigin(request);
  if (!origin || (!isLoopbackHost(origin.hostname) && !isOwnAddress(origin.hostname))) return publicUrl;
  return origin.origin;
}
