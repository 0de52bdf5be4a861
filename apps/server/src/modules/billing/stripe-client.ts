import Stripe from 'stripe';
import type { Config } from '../../config/config.js';

/** The SDK's host settings for STRIPE_API_BASE (a Stripe-compatible server), or Stripe's own API. */
function stripeEndpoint(base: string | undefined) {
  if (!base) return {};
  const url = new URL(base);
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? ('https' as const) : ('http' as const),
  };
}

/** Stripe's client when STRIPE_SECRET_KEY is set; null means the built-in test checkout. */
export function stripeClient(payments: Config['payments']): Stripe | null {
  return payments.stripeSecretKey ? new Stripe(payments.stripeSecretKey, stripeEndpoint(payments.stripeApiBase)) : null;
}
