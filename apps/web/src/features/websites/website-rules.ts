import { ERROR_CODES, WEBSITE_PATTERN_MAX, WEBSITE_PATTERNS_MAX } from '@sparks/contract';

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
