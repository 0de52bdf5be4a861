import type { Price } from '@sparks/contract';

/** Spec §6: the popup always offers Emerald, and Ruby only when the current product is neither Emerald nor Ruby. */
export function offeredPlans(prices: readonly Price[], currentProduct: string): Price[] {
  const current = currentProduct.trim().toLowerCase();
  return prices.filter((price) => price.planSlug === 'emerald' || (price.planSlug === 'ruby' && current !== 'emerald' && current !== 'ruby'));
}
