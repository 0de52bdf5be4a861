import type { Price } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { offeredPlans } from './plans-rules';

const price = (planSlug: Price['planSlug'], unit_amount: number): Price => ({
  priceId: `price_${planSlug}`,
  unit_amount,
  currency: 'eur',
  planSlug,
  productName: planSlug,
});
const prices = [price('ruby', 4500), price('emerald', 9000), price('zaphire', 18000)];

describe('plans offered in the popup (product.md §6)', () => {
  it('offers Ruby and Emerald on the trial, and only Emerald to Ruby or Emerald customers', () => {
    expect(offeredPlans(prices, 'Free Plan').map((item) => item.planSlug)).toEqual(['ruby', 'emerald']);
    expect(offeredPlans(prices, 'Ruby').map((item) => item.planSlug)).toEqual(['emerald']);
    expect(offeredPlans(prices, 'emerald').map((item) => item.planSlug)).toEqual(['emerald']);
  });

  it('adds a plan a feature asks for (zaphire for the library connection), unless it is already the current one', () => {
    expect(offeredPlans(prices, 'Free Plan', 'zaphire').map((item) => item.planSlug)).toEqual(['ruby', 'emerald', 'zaphire']);
    expect(offeredPlans(prices, 'Ruby', 'zaphire').map((item) => item.planSlug)).toEqual(['emerald', 'zaphire']);
    expect(offeredPlans(prices, 'zaphire', 'zaphire').map((item) => item.planSlug)).toEqual(['ruby', 'emerald']);
    expect(offeredPlans(prices, 'Free Plan', 'platinum').map((item) => item.planSlug)).toEqual(['ruby', 'emerald']);
  });
});
