import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type startTestApp, startTestAppOn } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { leaksStackTrace } from './stack-trace.js';
import { webDistFixture } from './web-dist-fixture.js';

const SPARK = '0b7c6f1e-3f5d-4c1a-9b8e-2d4f6a8c0e12';

/** Protected API routes across modules; each is first shown to answer 401 as written. */
const PROTECTED = ['/api/v1/sparks', '/api/v1/account/profile', '/api/v1/objectives/profile-menu', '/api/v1/prices', `/api/v1/sparks/${SPARK}/documents`];

const encodeFirstLetter = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;

/** Spellings a router, proxy or SPA fallback may treat differently from the route as registered. */
function variantsOf(url: string): string[] {
  const segments = url.split('/').slice(1);
  const last = segments.length - 1;
  const withSegment = (index: number, value: string) => `/${segments.map((segment, i) => (i === index ? value : segment)).join('/')}`;
  return [
    url.toUpperCase(),
    url.replace('/api/v1', '/API/V1'),
    `${url}/`,
    `${url}//`,
    url.replace('/api/', '/api//'),
    `/${url}`,
    url.replace(/\/([^/]+)$/, '//$1'),
    withSegment(last, encodeFirstLetter(segments[last]!)),
    withSegment(last, [...segments[last]!].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join('')),
    withSegment(0, encodeFirstLetter(segments[0]!)),
    url.replace(/\/([^/]+)$/, '%2F$1'),
    url.replace('/api/v1/', '/api/v1/./'),
    url.replace('/api/v1/', '/api/v1/x/../'),
  ];
}

describe.each(testDatabaseTargets())('spellings of protected API paths without a token on $name', (target) => {
  const web = webDistFixture();
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    // The web app is served, so its page fallback is in play as in production.
    harness = await startTestAppOn(target, { WEB_DIST_DIR: web.path, RATE_LIMIT_MAX: '10000' });
  });
  afterAll(async () => {
    await harness?.stop();
    web.remove();
  });

  it('are refused (401) or unknown (404) as JSON: never a page, data, 5xx or stack trace', async () => {
    for (const url of PROTECTED) {
      expect((await harness.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      for (const variant of variantsOf(url)) {
        const response = await harness.app.inject({ method: 'GET', url: variant });
        const label = `${variant} → ${response.statusCode} ${response.payload.slice(0, 120)}`;
        // Authentication runs before validation: even a variant naming a longer route with an empty
        // parameter (/documents/ → /documents/:documentId) is refused for the missing token first.
        expect([401, 404], label).toContain(response.statusCode);
        // A 200 index.html here would read as success to an API client that got the path slightly wrong.
        expect(response.headers['content-type'], label).toMatch(/^application\/json/);
        expect(response.json(), label).not.toHaveProperty('data');
        expect(leaksStackTrace(response.headers['content-type']?.toString(), response.payload), label).toBe(false);
      }
    }
  });

  it('include the upper-case, trailing-slash, percent-encoded and double-slash spellings', () => {
    const all = PROTECTED.flatMap(variantsOf);
    expect(all).toEqual(expect.arrayContaining(['/API/V1/SPARKS', '/api/v1/sparks/', '/api/v1/%73parks', '/api//v1/sparks', '//api/v1/sparks']));
  });
});
