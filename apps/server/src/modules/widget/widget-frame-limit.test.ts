import { describe, expect, it } from 'vitest';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

describe.each(testDatabaseTargets())('the widget frame page under load on $name', (target) => {
  const app = appOnTarget(target, { RATE_LIMIT_MAX: '3' });

  it('limits frame loads per address like the API, with a clear 429', async () => {
    const load = () => app().inject({ method: 'GET', url: '/widget/frame/dpl_not_a_real_token_1234', headers: { 'sec-fetch-dest': 'iframe' } });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await load()).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect((await load()).json().errors[0]).toMatch(/^Too many requests\. Please wait \d+ seconds/);
  });
});
