import { isIP } from 'node:net';
import { isLoopbackHost, type WhatsappCallbackProblem } from '@sparks/contract';
import ipaddr from 'ipaddr.js';

/**
 * Names no public DNS answers: mDNS and home networks (RFC 6762, RFC 8375), the private-use
 * `.internal`, the usual intranet suffixes, and the special-use names of RFC 2606 and RFC 6761.
 */
const LOCAL_NAMES = ['.local', '.home.arpa', '.internal', '.localdomain', '.lan', '.intranet', '.corp', '.home', '.private', '.test', '.example', '.invalid'];

/**
 * Why a platform (Meta, Telegram) cannot call this webhook address, or null when it can: they only call public https
 * addresses. The address is read as the URL writes it; a public name is not resolved, since
 * what matters is the name the platform would be given.
 */
export function callbackProblem(address: string): WhatsappCallbackProblem | null {
  const url = new URL(address);
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isLoopbackHost(url.hostname)) return 'loopback';
  if (isIP(host)) {
    const range = ipaddr.process(host).range();
    // 0.0.0.0 and :: name whichever machine opens them: never one Meta reaches.
    if (range === 'loopback' || range === 'unspecified') return 'loopback';
    if (range !== 'unicast') return 'private';
  } else if (!host.includes('.') || LOCAL_NAMES.some((suffix) => host.endsWith(suffix))) {
    return 'private';
  }
  return url.protocol === 'https:' ? null : 'plain-http';
}
