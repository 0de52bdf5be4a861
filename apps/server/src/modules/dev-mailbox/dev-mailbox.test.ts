import { afterEach, describe, expect, it } from 'vitest';
import { freshEmail, register } from '../../../test/accounts-helpers.js';
import { startTestApp } from '../../../test/test-app.js';

describe('development mailbox', () => {
  const harnesses: Array<Awaited<ReturnType<typeof startTestApp>>> = [];
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((harness) => harness.stop()));
  });

  it('lists outbox mail newest first, escaped, and filters by recipient', async () => {
    const harness = await startTestApp(undefined);
    harnesses.push(harness);
    const email = freshEmail('mailbox');
    await register(harness.app, email);
    const page = await harness.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.payload).toContain('Your Sparks verification code');
    const json = await harness.app.inject({ method: 'GET', url: `/dev/mailbox/messages?to=${encodeURIComponent(email)}` });
    const messages = (json.json() as { data: Array<{ to: string; text: string }> }).data;
    expect(messages).toHaveLength(1);
    expect(messages[0]?.to).toBe(email);
  });

  it('does not exist in production', async () => {
    const harness = await startTestApp(undefined, { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) });
    harnesses.push(harness);
    expect((await harness.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(404);
  });
});
