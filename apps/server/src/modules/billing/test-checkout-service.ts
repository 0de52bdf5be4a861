import { randomBytes } from 'node:crypto';
import { ERROR_CODES, planOfTestPrice, type Plan } from '@sparks/contract';
import Stripe from 'stripe';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { BillingRepository } from './billing-repository.js';
import type { BillingService } from './billing-service.js';
import { CANCEL_WORD } from './test-portal-page.js';

/** Stripe's test card numbers: the first pays, the second is declined. */
const PAYS = '4242424242424242';
const DECLINED = '4000000000000002';

export interface TestCard {
  card: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** A test payment or cancellation the visitor must correct: the page shows it again with the reason. */
export class FormRefused extends Error {}

/**
 * The embedded default's checkout (no STRIPE_SECRET_KEY): a test payment becomes the signed
 * `checkout.session.completed` event a real provider would send, handed to the same webhook
 * handler — so the plan changes through exactly one path in both modes.
 */
export class TestCheckoutService {
  private readonly repository: BillingRepository;

  constructor(
    db: Db,
    private readonly billing: BillingService,
  ) {
    this.repository = new BillingRepository(db);
  }

  /** The open checkout and its plan; a spent, expired or unknown one answers 404. */
  open(id: string): Promise<{ plan: Plan; tenantId: string }> {
    return this.session(id, 'checkout', 'This checkout has ended. Start again from the plans.');
  }

  /** The open manage-subscription visit and the plan it manages; an ended one answers 404. */
  portal(id: string): Promise<{ plan: Plan; tenantId: string }> {
    return this.session(id, 'portal', 'This page has expired. Open "Manage subscription" again from the plans.');
  }

  /** Cancels the subscription the way the provider's portal does: its signed deletion event. */
  async cancel(id: string, confirm: string): Promise<void> {
    const { tenantId } = await this.portal(id);
    if (confirm.trim() !== CANCEL_WORD) throw new FormRefused(`Type ${CANCEL_WORD} to confirm.`);
    const tenant = await this.repository.tenant(tenantId);
    if (!tenant?.subscriptionId) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'There is no subscription to cancel.');
    await this.deliver('customer.subscription.deleted', {
      id: tenant.subscriptionId,
      object: 'subscription',
      status: 'canceled',
      customer: tenant.providerCustomerId,
      metadata: { tenantId: tenant.id, customerId: tenant.customerId },
    });
  }

  private async session(id: string, kind: 'checkout' | 'portal', ended: string): Promise<{ plan: Plan; tenantId: string }> {
    const checkout = await this.repository.checkout(id);
    const plan = checkout && planOfTestPrice(checkout.priceId);
    if (!checkout || !plan || checkout.kind !== kind || checkout.status !== 'open' || checkout.expiresAt.getTime() < Date.now()) {
      throw new AppError(404, ERROR_CODES.NOT_FOUND, ended);
    }
    return { plan, tenantId: checkout.tenantId };
  }

  /** A provider-shaped event, signed with the webhook's secret and handed to the one webhook handler. */
  private async deliver(type: string, object: Record<string, unknown>): Promise<void> {
    const payload = JSON.stringify({
      id: `evt_test_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: await this.billing.webhookSecret() });
    await this.billing.receiveWebhook(payload, signature);
  }

  async pay(id: string, card: TestCard): Promise<void> {
    const { plan, tenantId } = await this.open(id);
    const digits = card.card.replace(/[\s-]/g, '');
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
    if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12 || !/^\d{3,4}$/.test(card.cvc.trim()))
      throw new FormRefused('Check the expiry date (MM/YY) and the CVC.');
    if (digits === DECLINED) throw new FormRefused('The card was declined. Try the test card 4242 4242 4242 4242.');
    if (digits !== PAYS) throw new FormRefused('This is test mode: use the test card 4242 4242 4242 4242.');
    const tenant = await this.repository.tenant(tenantId);
    if (!tenant) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'This checkout has ended. Start again from the plans.');
    await this.deliver('checkout.session.completed', {
      id,
      object: 'checkout.session',
      client_reference_id: tenant.id,
      customer: tenant.providerCustomerId ?? `cus_test_${randomBytes(12).toString('hex')}`,
      subscription: `sub_test_${randomBytes(12).toString('hex')}`,
      metadata: { tenantId: tenant.id, customerId: tenant.customerId, planSlug: plan.slug },
    });
  }
}
