/** Query parameters that only say where a visitor came from: the same page with or without them is one page. */
const TRACKING = /^(?:utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl|ref|ref_src)$/i;

/** An address as the crawl compares it: no fragment, no tracking parameters, the host in lower case. */
export function pageKey(address: string): string {
  const url = new URL(address);
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) if (TRACKING.test(name)) url.searchParams.delete(name);
  url.hostname = url.hostname.toLowerCase();
  return url.href;
}

const twin = (host: string): string => (host.startsWith('www.') ? host.slice(4) : `www.${host}`);

/** Include and exclude patterns an owner writes: `*` for any run of characters, matched against the path. */
function patternOf(glob: string): RegExp {
  const escaped = glob
    .trim()
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*');
  return new RegExp(`^${escaped.startsWith('/') ? '' : '.*'}${escaped}`, 'i');
}

export interface ScopeOptions {
  include?: readonly string[];
  exclude?: readonly string[];
}

/**
 * Which addresses belong to the site a crawl starts from: the same host or its `www.` twin, the
 * same scheme family, and the start path and below ("/shop/" from "/shop/index.html"), unless the
 * owner's include patterns say otherwise; exclude patterns win over everything.
 */
export function siteScope(start: string, { include = [], exclude = [] }: ScopeOptions = {}): (address: string) => boolean {
  const origin = new URL(start);
  const hosts = new Set([origin.hostname.toLowerCase(), twin(origin.hostname.toLowerCase())]);
  const below = origin.pathname.endsWith('/') ? origin.pathname : origin.pathname.replace(/[^/]*$/, '');
  const included = include.filter((glob) => glob.trim()).map(patternOf);
  const excluded = exclude.filter((glob) => glob.trim()).map(patternOf);
  return (address) => {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return false;
    }
    if (!hosts.has(url.hostname.toLowerCase()) || url.port !== origin.port) return false;
    const path = `${url.pathname}${url.search}`;
    if (excluded.some((pattern) => pattern.test(path))) return false;
    return included.length > 0 ? included.some((pattern) => pattern.test(path)) : url.pathname.startsWith(below);
  };
}
