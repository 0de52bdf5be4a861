import { isIP } from 'node:net';
import { ERROR_CODES } from '@sparks/contract';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../lib/app-error.js';
import type { WebFetcher } from '../../lib/web-fetcher.js';

/**
 * The start address, refused at once when it can never be read: not http(s), credentials, an
 * unusual port, or an address written as a private or local IP (in any spelling the URL parser
 * reads). A name is checked when the crawl connects, on the address it resolves to. An address
 * typed without its scheme ("bakery.example") is read over https, or http when the site does not
 * speak TLS (`schemeGuessed`).
 */
export function startAddress(fetcher: WebFetcher, address: string): { url: string; schemeGuessed: boolean } {
  const schemeGuessed = !/^https?:\/\//i.test(address);
  let url: URL;
  try {
    url = fetcher.checkAddress(schemeGuessed ? `https://${address}` : address);
  } catch (error) {
    throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, error instanceof Error ? error.message : 'This is not a web address.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) ? ipaddr.process(host) : null;
  if ((literal && literal.range() !== 'unicast' && !fetcher.allowsLoopback(host)) || host === 'localhost' || host.endsWith('.localhost')) {
    throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, `${url.hostname} is a private or local address; only public websites can be read.`);
  }
  return { url: url.href, schemeGuessed };
}
