import { randomBytes } from 'node:crypto';
import { ERROR_CODES, planOfTestPrice, type Plan } from '@sparks/contract';
import Stripe from 'stripe';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { BillingRepository } from './billing-repository.js';
import type { BillingService } from './billing-service.js';

/** Stripe's test card numbers: the first pays, the second is declined. */
const PAYS = '4242424242424242';
const DECLINED = '4000000000000002';

export interface TestCard {
  card: string;
  expiry: string;
  cvc: string;
  name: string;
}

export class CardRefused extends Error {}

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
  async open(id: string): Promise<{ plan: Plan; tenantId: string }> {
    const checkout = await this.repository.checkout(id);
    const plan = checkout && planOfTestPrice(checkout.priceId);
    if (!checkout || !plan || checkout.status !== 'open' || checkout.expiresAt.getTime() < Date.now()) {
      throw new AppError(404, ERROR_CODES.NOT_FOUND, 'This checkout has ended. Start again from the plans.');
    }
    return { plan, tenantId: checkout.tenantId };
  }

  async pay(id: string, card: TestCard): Promise<void> {
    const { plan, tenantId } = await this.open(id);
    const digits = card.card.replace(/[\s-]/g, '');
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
    if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12 || !/^\d{3,4}$/.test(card.cvc.trim())) throw new CardRefused('Check the expiry date (MM/YY) and the CVC.');
    if (digits === DECLINED) throw new CardRefused('The card was declined. Try the test card 4242 4242 4242 4242.');
    if (digits !== PAYS) throw new CardRefused('This is test mode: use the test card 4242 4242 4242 4242.');
    const tenant = await this.repository.tenant(tenantId);
    if (!tenant) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'This checkout has ended. Start again from the plans.');
    const payload = JSON.stringify({
      id: `evt_test_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id,
          object: 'checkout.session',
          client_reference_id: tenant.id,
          subscription: `sub_test_${randomBytes(12).toString('hex')}`,
          metadata: { tenantId: tenant.id, customerId: tenant.customerId, planSlug: plan.slug },
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: await this.billing.webhookSecret() });
    await this.billing.receiveWebhook(payload, signature);
  }
}
