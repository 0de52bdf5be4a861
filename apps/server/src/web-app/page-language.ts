import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, SIGNED_IN_COOKIE, type Language } from '@sparks/contract/constants';
import { parse as parseCookies } from 'cookie';
import Negotiator from 'negotiator';

export interface PageRequest {
  /** The raw query string, without the question mark. */
  search: string;
  headers: Record<string, string | string[] | undefined>;
}

const supported = (code: string | undefined): Language | undefined => {
  const primary = code?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary);
};

/**
 * The language the web app will pick for this visit, in the order of its own detection (product.md §16):
 * ?lng=, the language cookie, then the browser's languages. Local storage is out of the server's
 * sight, which is why the app keeps its choice in the cookie too.
 */
export function pageLanguage(request: PageRequest): Language {
  const fromQuery = supported(new URLSearchParams(request.search).get('lng') ?? undefined);
  if (fromQuery) return fromQuery;
  const cookieHeader = request.headers.cookie;
  const fromCookie = supported(typeof cookieHeader === 'string' ? parseCookies(cookieHeader)[LANGUAGE_COOKIE.name] : undefined);
  if (fromCookie) return fromCookie;
  // Negotiator matches a region (es-MX) to its language (es) and honours q-values.
  const fromBrowser = new Negotiator({ headers: request.headers }).language([...LANGUAGES]);
  return supported(fromBrowser) ?? FALLBACK_LANGUAGE;
}

/** Whether the browser says it holds a session (a hint for preloads, never trusted for anything else). */
export function saysSignedIn(request: PageRequest): boolean {
  const cookieHeader = request.headers.cookie;
  return typeof cookieHeader === 'string' && parseCookies(cookieHeader)[SIGNED_IN_COOKIE.name] === '1';
}
