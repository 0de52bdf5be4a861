import { WEBSITE_PATTERN_MAX, WEBSITE_PATTERNS_MAX, addWebsiteBodySchema, updateWebsiteBodySchema, type DocumentStatus } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { pageCountsOf, parsePatterns, patternsText, websiteProblemOf } from './website-rules';

describe('paths an owner types, one per line', () => {
  it('keeps each path once, trimmed, and drops blank lines', () => {
    expect(parsePatterns('  /help/\n\n/shop/*\n/help/\n   \n')).toEqual({ patterns: ['/help/', '/shop/*'] });
    expect(parsePatterns('')).toEqual({ patterns: [] });
  });

  it('sends only what the server accepts: the same lists pass its schema', () => {
    const parsed = parsePatterns('/help/\nfaq\n/shop/*/details');
    if (!('patterns' in parsed)) throw new Error('expected paths');
    expect(addWebsiteBodySchema.safeParse({ url: 'https://example.com', include: parsed.patterns, exclude: parsed.patterns }).success).toBe(true);
    expect(updateWebsiteBodySchema.safeParse({ include: parsed.patterns }).success).toBe(true);
  });

  it('names the line of a whole address, of two paths on one line and of a path that is too long', () => {
    expect(parsePatterns('/help/\nhttps://example.com/blog/')).toEqual({ problem: { kind: 'address', line: 2 } });
    expect(parsePatterns('www.example.com/blog')).toEqual({ problem: { kind: 'address', line: 1 } });
    expect(parsePatterns('\n/blog /news')).toEqual({ problem: { kind: 'spaces', line: 2 } });
    expect(parsePatterns(`/${'a'.repeat(WEBSITE_PATTERN_MAX)}`)).toEqual({ problem: { kind: 'tooLong', line: 1 } });
    expect(parsePatterns(`/${'a'.repeat(WEBSITE_PATTERN_MAX - 1)}`)).toEqual({ patterns: [`/${'a'.repeat(WEBSITE_PATTERN_MAX - 1)}`] });
  });

  it(`refuses more than ${WEBSITE_PATTERNS_MAX} different paths, as the server does`, () => {
    const many = Array.from({ length: WEBSITE_PATTERNS_MAX + 1 }, (_, index) => `/p${index}`);
    expect(parsePatterns(many.join('\n'))).toEqual({ problem: { kind: 'tooMany' } });
    expect(parsePatterns(many.slice(1).join('\n'))).toEqual({ patterns: many.slice(1) });
    expect(updateWebsiteBodySchema.safeParse({ exclude: many }).success).toBe(false);
  });

  it('puts saved paths back one per line', () => {
    expect(patternsText(['/help/', '/shop/*'])).toBe('/help/\n/shop/*');
  });
});

describe('a refused website request, in words the owner reads', () => {
  it('tells which field the schema refused, and a refused address from the service', () => {
    expect(websiteProblemOf({ status: 400, code: 'VALIDATION_FAILED', message: 'body.include.2: must be at most 200 characters' })).toEqual({
      kind: 'include',
    });
    expect(websiteProblemOf({ status: 400, code: 'VALIDATION_FAILED', message: 'body.exclude: must list at most 20 patterns' })).toEqual({ kind: 'exclude' });
    expect(websiteProblemOf({ status: 400, code: 'VALIDATION_FAILED', message: 'body.url: must be a web address' })).toEqual({ kind: 'address' });
    expect(
      websiteProblemOf({ status: 400, code: 'VALIDATION_FAILED', message: '10.0.0.1 is a private or local address; only public websites can be read.' }),
    ).toEqual({ kind: 'unreadableAddress' });
    expect(websiteProblemOf({ status: 400, code: 'VALIDATION_FAILED', message: 'body.schedule: must be manual, daily or weekly' })).toEqual({
      kind: 'generic',
    });
  });

  it('reads the plan, the state of the site, the rate limit and the network by status and code', () => {
    expect(websiteProblemOf({ status: 402, code: 'LIMIT_REACHED', message: 'Your plan reads 1 website.' })).toEqual({ kind: 'limitReached' });
    expect(websiteProblemOf({ status: 402, code: 'TRIAL_ENDED', message: '' })).toEqual({ kind: 'trialEnded' });
    expect(websiteProblemOf({ status: 409, code: 'CONFLICT', message: '' })).toEqual({ kind: 'busy' });
    expect(websiteProblemOf({ status: 404, code: 'NOT_FOUND', message: '' })).toEqual({ kind: 'notFound' });
    expect(websiteProblemOf({ status: 429, code: 'RATE_LIMITED', message: '' })).toEqual({ kind: 'rateLimited' });
    expect(websiteProblemOf({ message: 'Network Error' })).toEqual({ kind: 'network' });
    expect(websiteProblemOf({ status: 500, code: 'INTERNAL', message: '' })).toEqual({ kind: 'generic' });
  });
});

describe("a website's pages counted by the documents they became", () => {
  const website = { pages: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ url: `https://example.com/${name}`, title: name, kind: 'page' as const, bytes: 1 })) };
  const page = (name: string, status: DocumentStatus) => ({ sourceUrl: `https://example.com/${name}`, status });

  it('counts each page once: ready while any version answers, failed only when every version failed', () => {
    const documents = [
      page('a', 'ready'),
      page('b', 'processing'),
      page('b', 'ready'), // a new version read beside the one that answers
      page('c', 'queued'),
      page('d', 'failed'),
      page('e', 'failed'),
      page('e', 'processing'), // a new try of a page that failed
    ];
    expect(pageCountsOf(website, documents)).toEqual({ ready: 2, reading: 2, failed: 1 });
  });

  it("leaves out the owner's files and another website's pages", () => {
    const documents = [{ status: 'ready' as const }, { sourceUrl: 'https://other.example/a', status: 'ready' as const }, page('a', 'ready')];
    expect(pageCountsOf(website, documents)).toEqual({ ready: 1, reading: 0, failed: 0 });
  });
});
