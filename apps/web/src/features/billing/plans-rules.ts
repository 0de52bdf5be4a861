import type { Price } from '@sparks/contract';

/** product.md §6: the popup always offers Emerald, and Ruby only when the current product is neither Emerald nor Ruby. */
export function offeredPlans(prices: readonly Price[], currentProduct: string, featured?: string | null): Price[] {
  const current = currentProduct.trim().toLowerCase();
  // A feature that comes with another plan (the library connection, with zaphire) asks for that plan to be offered too.
  const asked = (price: Price) => featured !== undefined && featured !== null && price.planSlug === featured && price.productName.toLowerCase() !== current;
  return prices.filter((price) => price.planSlug === 'emerald' || (price.planSlug === 'ruby' && current !== 'emerald' && current !== 'ruby') || asked(price));
}
