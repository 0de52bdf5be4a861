import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, verifiedAccount } from '#test/accounts-helpers.js';
import { startTestApp } from '#test/test-app.js';

const ODDITIES: Array<[string, unknown]> = [
  ['null', null],
  ['a number', 12345],
  ['a boolean', true],
  ['an array', ['a', 'b']],
  ['an object', { $ne: null }],
  ['an empty string', ''],
  ['a 100 kB string', 'x'.repeat(100_000)],
  ['SQL', "' OR 1=1; DROP TABLE users; --"],
  ['a NUL byte', 'a\u0000b@example.com'],
  ['right-to-left and emoji', '\u202Egnp.exe 🧨@example.com'],
  ['a prototype key', '__proto__'],
];

const ENDPOINTS: Array<{ url: string; body: (value: unknown) => Record<string, unknown> }> = [
  { url: '/auth/register', body: (value) => ({ username: value, email: value, password: value, config: { language: value } }) },
  { url: '/auth/login', body: (value) => ({ username: value, password: value }) },
  { url: '/auth/send-code', body: (value) => ({ username: value }) },
  { url: '/auth/verify-code', body: (value) => ({ username: value, code: value }) },
  { url: '/auth/refresh-token', body: (value) => ({ refresh_token: value }) },
  { url: '/users/forgot-password', body: (value) => ({ email: value }) },
];

describe('hostile input on every account endpoint', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    harness = await startTestApp(undefined);
  });
  afterAll(async () => harness.stop());

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.url} answers every oddity without a 500, and every refusal with a message`, async () => {
      for (const [label, value] of ODDITIES) {
        const response = await post(harness.app, endpoint.url, endpoint.body(value));
        expect(response.statusCode, `${label}: ${response.payload.slice(0, 200)}`).toBeLessThan(500);
        // Free text is a valid (unknown) account name for send-code, which answers it like any other.
        if (response.statusCode >= 400) expect((response.json() as { errors: string[] }).errors.length, label).toBeGreaterThan(0);
        else expect(endpoint.url, label).toBe('/auth/send-code');
        expect(response.payload, label).not.toMatch(/\bat \S+:\d+|node_modules|stack/);
      }
    });
  }

  it('answers oddities in the profile and the reset token the same way', async () => {
    const { tokens } = await verifiedAccount(harness.app);
    for (const [label, value] of ODDITIES) {
      const profile = await harness.app.inject({
        method: 'PATCH',
        url: '/api/v1/account/profile',
        headers: { authorization: `Bearer ${tokens.access_token}` },
        payload: { firstname: value, config: value },
      });
      expect(profile.statusCode, label).toBe(400);
      const reset = await post(
        harness.app,
        '/users/reset-password',
        { newPassword: value },
        { token: typeof value === 'string' && value.length < 1000 && !value.includes('\u0000') ? value || 'x' : 'x' },
      );
      expect([400, 401], label).toContain(reset.statusCode);
    }
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await harness.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });
});
