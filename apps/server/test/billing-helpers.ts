import type { PlanSlug } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { BillingRepository } from '#src/modules/billing/billing-repository.js';
import { USAGE_ALERTS_JOB } from '#src/modules/billing/usage-alerts-job.js';

/**
 * Puts the caller's tenant on a paid plan the way payment does: a signed checkout-completed event
 * through the webhook (for tests that need more room than the trial gives).
 */
export async function subscribe(app: FastifyInstance, token: string, planSlug: PlanSlug): Promise<void> {
  const profile = (await app.inject({ method: 'GET', url: '/api/v1/account/profile', headers: { authorization: `Bearer ${token}` } })).json().data as {
    tenants: Array<{ _id: string; customerId: string }>;
  };
  const tenant = profile.tenants[0]!;
  const payload = JSON.stringify({
    id: `evt_${tenant._id}_${planSlug}_${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_test_${tenant._id}`,
        client_reference_id: tenant._id,
        subscription: `sub_${tenant._id}`,
        metadata: { tenantId: tenant._id, customerId: tenant.customerId, planSlug },
      },
    },
  });
  const secret = await new BillingRepository(app.database.db).testWebhookSecret();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`subscribing answered ${response.statusCode}: ${response.payload}`);
}

/** Runs the usage e-mails' sweep now, as its schedule would, and waits for the e-mails it sends. */
export async function sweepUsageAlerts(app: FastifyInstance): Promise<void> {
  await app.jobs.sweep(USAGE_ALERTS_JOB);
  await app.jobs.idle(USAGE_ALERTS_JOB);
}
