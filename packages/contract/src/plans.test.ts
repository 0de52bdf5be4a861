import { describe, expect, it } from 'vitest';
import { PLANS, planFromSlug } from './plans.js';

describe('plans', () => {
  it('carries the prices and limits of product.md §9', () => {
    expect(PLANS.ruby).toMatchObject({ productName: 'Ruby', unitAmount: 4500, limits: { integrations: 1, interactionsPerMonth: 600 } });
    expect(PLANS.emerald).toMatchObject({ productName: 'Emerald', unitAmount: 9000, limits: { integrations: 3, interactionsPerMonth: 1500 } });
    for (const plan of [PLANS.ruby, PLANS.emerald]) {
      expect(plan.limits).toMatchObject({ sparks: 5, documents: 10, documentMaxMegabytes: 10 });
    }
    expect(PLANS.free.productName).toBe('Free Plan');
  });

  it("reads the upgrade call's 'emeral' spelling as Emerald", () => {
    expect(planFromSlug('emeral')).toBe(PLANS.emerald);
    expect(planFromSlug('Emerald')).toBe(PLANS.emerald);
    expect(planFromSlug(' RUBY ')).toBe(PLANS.ruby);
    expect(planFromSlug('diamond')).toBeUndefined();
  });
});
