/**
 * A host name that can only mean the machine it is typed on, as `URL.hostname` writes it:
 * `localhost` and its subdomains (RFC 6761), 127.0.0.0/8 and `[::1]`. The server trusts such a
 * Host for links when PUBLIC_URL is unset, and the deploy panel needs no warning on one
 * (docs/decisions/0024).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}
