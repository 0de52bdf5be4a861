import type { Deployment } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { SHOP, liveWidgetSpark } from '#test/widget-helpers.js';

describe.each(testDatabaseTargets())("the widget's daily caps on $name", (target) => {
  const app = appOnTarget(target);

  async function liveSpark() {
    const { token, spark, widget, ask: askAs } = await liveWidgetSpark(app());
    const setCaps = (dailyCaps: unknown) =>
      app().inject({
        method: 'PATCH',
        url: `/api/v1/sparks/${spark._id}/deploy`,
        headers: { authorization: `Bearer ${token}` },
        payload: { dailyCaps } as object,
      });
    /** One question from a visitor: their session, or a new one when they have none yet. */
    const ask = (session?: string) => askAs('How many days do I have to return a bicycle?', session);
    return { spark, widget, setCaps, ask, deployment: () => widget.deployment(spark._id) };
  }

  it("follow the plan's defaults until the owner sets them, and the panel shows them with today's and this month's questions", async () => {
    const owner = await liveSpark();
    const fresh = await owner.deployment();
    expect(fresh.dailyCaps).toEqual({ perVisitor: { value: 20, isDefault: true, default: 20 }, perSpark: { value: 40, isDefault: true, default: 40 } });
    expect(fresh.usage).toMatchObject({ today: 0, month: 0, interactionsPerMonth: 600 });

    const set = await owner.setCaps({ perVisitor: 5, perSpark: 300 });
    expect(set.statusCode, set.payload).toBe(200);
    expect((set.json().data as Deployment).dailyCaps).toEqual({
      perVisitor: { value: 5, isDefault: false, default: 20 },
      perSpark: { value: 300, isDefault: false, default: 40 },
    });
    // Setting one cap leaves the other; null goes back to the plan's default; the websites are untouched.
    const reset = (await owner.setCaps({ perSpark: null })).json().data as Deployment;
    expect(reset.dailyCaps.perVisitor.value).toBe(5);
    expect(reset.dailyCaps.perSpark).toEqual({ value: 40, isDefault: true, default: 40 });
    expect(reset.allowedOrigins).toEqual([SHOP]);

    const first = await owner.ask();
    expect(first.statusCode, first.payload).toBe(200);
    expect((await owner.ask(first.headers['x-sparks-visitor'] as string)).statusCode).toBe(200);
    expect((await owner.deployment()).usage).toMatchObject({ today: 2, month: 2 });
  });

  it('answer 429 naming the cap reached, per visitor and per Spark, without spending the plan', async () => {
    const owner = await liveSpark();
    expect((await owner.setCaps({ perVisitor: 2, perSpark: 3 })).statusCode).toBe(200);
    const first = await owner.ask();
    expect(first.statusCode, first.payload).toBe(200);
    const session = first.headers['x-sparks-visitor'] as string;
    expect((await owner.ask(session)).statusCode).toBe(200);
    const visitorCapped = await owner.ask(session);
    expect(visitorCapped.statusCode).toBe(429);
    expect(errorOf(visitorCapped)).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      errors: ['You have asked 2 questions today, the most this assistant answers for one visitor in a day. Please come back tomorrow.'],
    });

    expect((await owner.ask()).statusCode).toBe(200);
    const sparkCapped = await owner.ask();
    expect(sparkCapped.statusCode).toBe(429);
    expect(errorOf(sparkCapped).errors).toEqual(['This assistant has answered its 3 questions for today. Please come back tomorrow.']);

    expect((await owner.deployment()).usage).toMatchObject({ today: 3, month: 3, interactionsThisMonth: 3 });
    // Raising the cap lets visitors ask again the same day.
    await owner.setCaps({ perSpark: 4 });
    expect((await owner.ask()).statusCode).toBe(200);
  });

  it('let exactly as many concurrent questions through as the cap has room for', async () => {
    const owner = await liveSpark();
    await owner.setCaps({ perSpark: 3 });
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => owner.ask()))).map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect((await owner.deployment()).usage.today).toBe(3);
  });

  it('refuse caps that are not whole numbers within bounds, and change nothing', async () => {
    const owner = await liveSpark();
    await owner.setCaps({ perVisitor: 7 });
    for (const bad of [
      { perVisitor: 0 },
      { perVisitor: -3 },
      { perSpark: 1.5 },
      { perSpark: '10' },
      { perVisitor: 100_001 },
      { perVisitor: 5, plan: 'zaphire' },
      'many',
      null,
    ]) {
      const refused = await owner.setCaps(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(refused).errors.length).toBeGreaterThan(0);
    }
    const empty = await app().inject({
      method: 'PATCH',
      url: `/api/v1/sparks/${owner.spark._id}/deploy`,
      headers: { authorization: `Bearer ${(await verifiedAccount(app())).tokens.access_token}` },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect((await owner.deployment()).dailyCaps.perVisitor.value).toBe(7);
  });
});
