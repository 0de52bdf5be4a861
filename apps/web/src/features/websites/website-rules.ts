import { ERROR_CODES, WEBSITE_PATTERN_MAX, WEBSITE_PATTERNS_MAX, type DocumentStatus, type Website } from '@sparks/contract';

/** Why a list of paths cannot be sent; the form words each in the user's language. `line` counts from 1, as the owner sees the box. */
export type PatternProblem = { kind: 'tooMany' } | { kind: 'tooLong'; line: number } | { kind: 'address'; line: number } | { kind: 'spaces'; line: number };

/**
 * The paths an owner typed, one per line, as the server takes them (`include` and `exclude` of the
 * contract): blank lines dropped, repeats kept once. Checked here so a mistake is shown on its line
 * before anything is sent: a whole address never matches a path, and a space almost always means
 * two paths typed on one line.
 */
export function parsePatterns(text: string): { patterns: string[] } | { problem: PatternProblem } {
  const lines = text.split('\n').map((line) => line.trim());
  const patterns: string[] = [];
  for (const [index, line] of lines.entries()) {
    if (!line) continue;
    const at = index + 1;
    if (/^[a-z][a-z\d+\-.]*:\/\//i.test(line) || /^www\./i.test(line)) return { problem: { kind: 'address', line: at } };
    if (/\s/.test(line)) return { problem: { kind: 'spaces', line: at } };
    if (line.length > WEBSITE_PATTERN_MAX) return { problem: { kind: 'tooLong', line: at } };
    if (!patterns.includes(line)) patterns.push(line);
  }
  if (patterns.length > WEBSITE_PATTERNS_MAX) return { problem: { kind: 'tooMany' } };
  return { patterns };
}

/** A saved list of paths back in its box: one per line. */
export const patternsText = (patterns: readonly string[]) => patterns.join('\n');

/** What a refused website request means for the owner: by status, code and the field the server names, never by its English text. */
export type WebsiteProblem =
  | { kind: 'address' }
  | { kind: 'unreadableAddress' }
  | { kind: 'include' }
  | { kind: 'exclude' }
  | { kind: 'limitReached' }
  | { kind: 'trialEnded' }
  | { kind: 'busy' }
  | { kind: 'notFound' }
  | { kind: 'rateLimited' }
  | { kind: 'network' }
  | { kind: 'generic' };

export function websiteProblemOf(failure: { status?: number | undefined; code?: string | undefined; message: string }): WebsiteProblem {
  if (failure.code === ERROR_CODES.TRIAL_ENDED) return { kind: 'trialEnded' };
  if (failure.status === 402 || failure.code === ERROR_CODES.LIMIT_REACHED) return { kind: 'limitReached' };
  if (failure.status === 400 || failure.code === ERROR_CODES.VALIDATION_FAILED) {
    // The schema's messages start with the field ("body.include.2: must be at most 200 characters");
    // the service's own refusals of an address (a private address, a port, a password) name none.
    if (/^body\.include\b/.test(failure.message)) return { kind: 'include' };
    if (/^body\.exclude\b/.test(failure.message)) return { kind: 'exclude' };
    if (/^body\.url\b/.test(failure.message)) return { kind: 'address' };
    return /^body\./.test(failure.message) ? { kind: 'generic' } : { kind: 'unreadableAddress' };
  }
  if (failure.status === 404) return { kind: 'notFound' };
  if (failure.status === 409) return { kind: 'busy' };
  if (failure.status === 429) return { kind: 'rateLimited' };
  if (failure.status === undefined) return { kind: 'network' };
  return { kind: 'generic' };
}

/** How a website's chosen pages stand as documents: answering, still being read, or unreadable. */
export interface PageCounts {
  ready: number;
  reading: number;
  failed: number;
}

/**
 * Counts a website's pages by the documents they became (a document's `sourceUrl` is its page's
 * address, as the website lists it). A page counts once, however many versions it has: it answers
 * while any version is ready (a newer one is read beside it), and failed only when every version did.
 */
export function pageCountsOf(
  website: Pick<Website, 'pages'>,
  documents: ReadonlyArray<{ sourceUrl?: string | undefined; status: DocumentStatus }>,
): PageCounts {
  const addresses = new Set(website.pages.map((page) => page.url));
  const byPage = new Map<string, DocumentStatus[]>();
  for (const document of documents) {
    if (!document.sourceUrl || !addresses.has(document.sourceUrl)) continue;
    byPage.set(document.sourceUrl, [...(byPage.get(document.sourceUrl) ?? []), document.status]);
  }
  const counts: PageCounts = { ready: 0, reading: 0, failed: 0 };
  for (const statuses of byPage.values()) {
    if (statuses.includes('ready')) counts.ready += 1;
    else if (statuses.every((status) => status === 'failed')) counts.failed += 1;
    else counts.reading += 1;
  }
  return counts;
}

/** The address as an owner reads it: host and path, without the scheme. */
export const shortAddress = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
