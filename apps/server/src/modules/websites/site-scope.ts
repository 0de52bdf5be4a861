import { RE2JS } from 're2js';

/** Query parameters that only say where a visitor came from: the same page with or without them is one page. */
const TRACKING = /^(?:utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl|ref|ref_src)$/i;

/**
 * The longest address a crawl considers. Sitemaps allow 2,048 characters; anything longer is a
 * generated or hostile address, and bounding it bounds the cost of every pattern matched against it.
 */
export const MAX_ADDRESS_LENGTH = 2_048;

/** An address as the crawl compares it: no fragment, no tracking parameters, the host in lower case. */
export function pageKey(address: string): string {
  const url = new URL(address);
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) if (TRACKING.test(name)) url.searchParams.delete(name);
  url.hostname = url.hostname.toLowerCase();
  return url.href;
}

const twin = (host: string): string => (host.startsWith('www.') ? host.slice(4) : `www.${host}`);

/**
 * An include or exclude pattern as an owner writes it: `*` for any run of characters, matched
 * against the path from its start (or anywhere, for a pattern that does not start with "/"). It is
 * compiled for RE2's engine (re2js), which matches in time linear in the path whatever the pattern:
 * a backtracking `.*` per star let "a*a*a*b" hold the event loop for seconds on one long path.
 */
function patternOf(glob: string): (path: string) => boolean {
  const text = glob.trim();
  const literal = text
    .split('*')
    .map((part) => RE2JS.quote(part))
    .join('.*');
  const compiled = RE2JS.compile(`^${text.startsWith('/') ? '' : '.*'}${literal}`, RE2JS.CASE_INSENSITIVE | RE2JS.DOTALL);
  return (path) => compiled.test(path);
}

export interface ScopeOptions {
  include?: readonly string[];
  exclude?: readonly string[];
}

/**
 * Which addresses belong to the site a crawl starts from: the same host or its `www.` twin, the
 * same scheme family, and the start path and below ("/shop/" from "/shop/index.html"), unless the
 * owner's include patterns say otherwise; exclude patterns win over everything. An address longer
 * than MAX_ADDRESS_LENGTH belongs to no site.
 */
export function siteScope(start: string, { include = [], exclude = [] }: ScopeOptions = {}): (address: string) => boolean {
  const origin = new URL(start);
  const hosts = new Set([origin.hostname.toLowerCase(), twin(origin.hostname.toLowerCase())]);
  const below = origin.pathname.endsWith('/') ? origin.pathname : origin.pathname.replace(/[^/]*$/, '');
  const included = include.filter((glob) => glob.trim()).map(patternOf);
  const excluded = exclude.filter((glob) => glob.trim()).map(patternOf);
  return (address) => {
    if (address.length > MAX_ADDRESS_LENGTH) return false;
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return false;
    }
    if (!hosts.has(url.hostname.toLowerCase()) || url.port !== origin.port) return false;
    const path = `${url.pathname}${url.search}`;
    if (excluded.some((matches) => matches(path))) return false;
    return included.length > 0 ? included.some((matches) => matches(path)) : url.pathname.startsWith(below);
  };
}
