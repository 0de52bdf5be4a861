import { z } from 'zod';
import { dataEnvelope } from './envelope.js';
import { PLANS, PLAN_SLUGS, planFromSlug, type Plan, type PlanSlug } from './plans.js';

/** product.md §7 GET /prices: priceId and unit_amount per plan (the plan's name and slug beside them). */
export const priceSchema = z.object({
  priceId: z.string(),
  unit_amount: z.number().int(),
  currency: z.literal('eur'),
  planSlug: z.enum(PLAN_SLUGS),
  productName: z.string(),
});
export type Price = z.infer<typeof priceSchema>;
export const priceListResponseSchema = dataEnvelope(z.array(priceSchema));

/** product.md §7 POST /billing/customers/{customerId}/session. */
export const checkoutBodySchema = z.object({ mode: z.literal('subscription'), priceId: z.string().trim().min(1).max(120) }).strict();
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;
export const checkoutResponseSchema = dataEnvelope(z.object({ sessionUrl: z.string() }));

/** Manage or cancel the subscription: the provider's customer portal (the test one in the embedded mode). Not in the spec. */
export const portalResponseSchema = dataEnvelope(z.object({ portalUrl: z.string() }));

/** product.md §3 Subscription {subscriptionId, customerId}, with what the app shows of it. */
export const subscriptionSchema = z.object({
  subscriptionId: z.string(),
  customerId: z.string(),
  status: z.string(),
  planSlug: z.enum(PLAN_SLUGS),
  productName: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
/** GET /billing/usage: what the tenant uses of its plan now (the billing card draws it as bars). */
export const planUsageSchema = z.object({ planSlug: z.string(), interactions: z.number().int(), sparks: z.number().int(), documents: z.number().int() });
export type PlanUsage = z.infer<typeof planUsageSchema>;
export const planUsageResponseSchema = dataEnvelope(planUsageSchema);

export const subscriptionListResponseSchema = dataEnvelope(z.array(subscriptionSchema));
export const subscriptionsQuerySchema = z.object({ subscriptionId: z.string().max(120).optional() }).strict();

/** Plans that can be bought (the trial cannot). */
export const PAID_PLANS: readonly Plan[] = PLAN_SLUGS.filter((slug) => PLANS[slug].unitAmount !== null).map((slug) => PLANS[slug]);

/** The built-in test checkout's price ids: one per paid plan. The spec's 'emeral' spelling names Emerald too. */
export const testPriceId = (slug: PlanSlug): string => `price_${slug}`;

export function planOfTestPrice(priceId: string): Plan | undefined {
  const match = /^price_([a-z]+)$/.exec(priceId.trim().toLowerCase());
  const plan = match?.[1] ? planFromSlug(match[1]) : undefined;
  return plan?.unitAmount === null ? undefined : plan;
}
