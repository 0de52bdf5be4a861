import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  PAID_PLANS,
  PLANS,
  planFromSlug,
  planOfTestPrice,
  testPriceId,
  type CheckoutBody,
  type Plan,
  type PlanSlug,
  type Price,
  type Subscription,
} from '@sparks/contract';
import Stripe from 'stripe';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { BillingRepository } from './billing-repository.js';

export interface BillingOptions {
  /** Set with STRIPE_SECRET_KEY: real checkout sessions. Without it, the built-in test checkout. */
  stripe: Stripe | null;
  stripeWebhookSecret: string | undefined;
  /** Stripe price ids by plan (STRIPE_PRICE_RUBY …); the test checkout uses its own. */
  stripePrices: Partial<Record<PlanSlug, string>>;
}

/** What our checkouts put on the session and the subscription, so every later event names the tenant. */
interface BillingMetadata {
  tenantId?: string;
  customerId?: string;
  planSlug?: string;
}

/** Stripe signatures older than this are refused (Stripe's own default tolerance). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const CHECKOUT_TTL_MS = 30 * 60 * 1000;

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'Customer not found');
const noSubscription = () => new AppError(409, ERROR_CODES.CONFLICT, 'There is no subscription to manage yet: choose a plan first');
const customerOf = (customer: unknown): string | undefined =>
  typeof customer === 'string' ? customer : ((customer as { id?: string } | null)?.id ?? undefined);
const badEvent = (message: string) => new AppError(400, ERROR_CODES.VALIDATION_FAILED, message);

/**
 * Plans, checkout and subscriptions (product.md §15, the calls in §7). The webhook is the only thing
 * that changes a tenant's plan: a return URL or a parameter never grants one.
 */
export class BillingService {
  private readonly repository: BillingRepository;

  constructor(
    db: Db,
    private readonly options: BillingOptions,
  ) {
    this.repository = new BillingRepository(db);
  }

  /** The plans that can be bought here: with Stripe, those given a price id (STRIPE_PRICE_…). */
  prices(): Price[] {
    return PAID_PLANS.flatMap((plan) => {
      const priceId = this.priceIdOf(plan);
      return priceId ? [{ priceId, unit_amount: plan.unitAmount ?? 0, currency: plan.currency, planSlug: plan.slug, productName: plan.productName }] : [];
    });
  }

  /** `productUrl` is where the owner is using the product: the checkout brings them back there, still signed in. */
  async startCheckout(tenantId: string, customerId: string, body: CheckoutBody, productUrl: string): Promise<{ sessionUrl: string }> {
    const tenant = await this.ownTenant(tenantId, customerId);
    const plan = this.planOfPrice(body.priceId);
    if (!plan) throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'This price is not one of the plans');
    const metadata = { tenantId: tenant.id, customerId: tenant.customerId, planSlug: plan.slug } satisfies BillingMetadata;
    const base = productUrl.replace(/\/$/, '');
    if (this.options.stripe) {
      const session = await this.options.stripe.checkout.sessions.create({
        mode: body.mode,
        line_items: [{ price: this.priceIdOf(plan)!, quantity: 1 }],
        client_reference_id: tenant.id,
        metadata,
        subscription_data: { metadata },
        success_url: `${base}/billing?checkout=success`,
        cancel_url: `${base}/billing?checkout=cancelled`,
      });
      if (!session.url) throw new AppError(502, ERROR_CODES.INTERNAL, 'The payment provider did not open a checkout');
      return { sessionUrl: session.url };
    }
    const id = `cs_test_${randomBytes(18).toString('base64url')}`;
    await this.repository.createCheckout({ id, tenantId: tenant.id, priceId: testPriceId(plan.slug), expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS) });
    return { sessionUrl: `${base}/api/v1/billing/test-checkout/${id}` };
  }

  /**
   * Where the subscriber manages or cancels their subscription: Stripe's customer portal, or the
   * built-in test one. Either way a change comes back only as a signed event to the webhook.
   */
  async openPortal(tenantId: string, customerId: string, productUrl: string): Promise<{ portalUrl: string }> {
    const tenant = await this.ownTenant(tenantId, customerId);
    if (!tenant.subscriptionId) throw noSubscription();
    const base = productUrl.replace(/\/$/, '');
    if (this.options.stripe) {
      if (!tenant.providerCustomerId) throw noSubscription();
      const session = await this.options.stripe.billingPortal.sessions.create({ customer: tenant.providerCustomerId, return_url: `${base}/billing` });
      return { portalUrl: session.url };
    }
    const plan = planFromSlug(tenant.planSlug) ?? PLANS.free;
    const id = `cs_test_${randomBytes(18).toString('base64url')}`;
    await this.repository.createCheckout({
      id,
      kind: 'portal',
      tenantId: tenant.id,
      priceId: testPriceId(plan.slug),
      expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
    });
    return { portalUrl: `${base}/api/v1/billing/test-portal/${id}` };
  }

  /** product.md §7 GET /billing/subscriptions/{customerId}, filtered by subscriptionId when given. */
  async subscriptions(tenantId: string, customerId: string, subscriptionId: string | undefined): Promise<Subscription[]> {
    const tenant = await this.ownTenant(tenantId, customerId);
    if (!tenant.subscriptionId || (subscriptionId && subscriptionId !== tenant.subscriptionId)) return [];
    const plan = planFromSlug(tenant.planSlug) ?? PLANS.free;
    return [{ subscriptionId: tenant.subscriptionId, customerId: tenant.customerId, status: 'active', planSlug: plan.slug, productName: plan.productName }];
  }

  /** The secret events are signed with: Stripe's, or the test checkout's own. */
  async webhookSecret(): Promise<string> {
    if (this.options.stripe) {
      if (!this.options.stripeWebhookSecret) throw new AppError(503, ERROR_CODES.INTERNAL, 'Webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      return this.options.stripeWebhookSecret;
    }
    return this.repository.testWebhookSecret();
  }

  /**
   * POST /billing/webhook: checks the signature over the raw body and its age, refuses an event
   * seen before, and applies it in one transaction with the record that it was seen.
   */
  async receiveWebhook(rawBody: string, signature: string | undefined): Promise<{ received: boolean }> {
    if (!signature) throw badEvent('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, await this.webhookSecret(), SIGNATURE_TOLERANCE_SECONDS);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badEvent('The event signature is not valid or too old');
    }
    const applied = await this.repository.applyOnce(event, async (tx) => {
      const object = event.data.object as unknown as {
        id?: string;
        metadata?: BillingMetadata | null;
        subscription?: string | { id: string } | null;
        client_reference_id?: string | null;
        customer?: string | { id: string } | null;
      };
      const metadata = object.metadata ?? {};
      if (!metadata.customerId) return;
      if (event.type === 'checkout.session.completed') {
        const plan = planFromSlug(metadata.planSlug ?? '');
        const subscriptionId = typeof object.subscription === 'string' ? object.subscription : (object.subscription?.id ?? null);
        if (!plan || plan.unitAmount === null || !subscriptionId) return;
        await BillingRepository.setPlan(
          tx,
          { tenantId: object.client_reference_id ?? metadata.tenantId, customerId: metadata.customerId },
          { planSlug: plan.slug, subscriptionId, providerCustomerId: customerOf(object.customer) },
        );
        if (object.id) await BillingRepository.closeCheckout(tx, object.id);
      } else if (event.type === 'customer.subscription.updated') {
        // A plan changed at the provider (its portal): the subscription's price names the new plan.
        // Only for the subscription in force and while it is paid for: events may arrive out of order.
        const subscription = object as unknown as { items?: { data?: Array<{ price?: { id?: string } }> }; status?: string };
        const item = subscription.items?.data?.[0];
        const plan = item?.price?.id ? this.planOfPrice(item.price.id) : undefined;
        const paid = subscription.status === undefined || subscription.status === 'active' || subscription.status === 'trialing';
        if (plan && object.id && paid)
          await BillingRepository.setPlan(
            tx,
            { customerId: metadata.customerId, subscriptionId: object.id },
            { planSlug: plan.slug, subscriptionId: object.id },
          );
      } else if (event.type === 'customer.subscription.deleted') {
        // Only the subscription in force: an older one ending (after a plan change) changes nothing.
        const ended = object.id
          ? await BillingRepository.setPlan(tx, { customerId: metadata.customerId, subscriptionId: object.id }, { planSlug: 'free', subscriptionId: null })
          : false;
        if (ended) await BillingRepository.closePortals(tx, metadata.customerId);
      }
    });
    if (!applied) throw badEvent('This event was already received');
    return { received: true };
  }

  private priceIdOf(plan: Plan): string | undefined {
    return this.options.stripe ? this.options.stripePrices[plan.slug] : testPriceId(plan.slug);
  }

  private planOfPrice(priceId: string): Plan | undefined {
    if (!this.options.stripe) return planOfTestPrice(priceId);
    return PAID_PLANS.find((plan) => this.options.stripePrices[plan.slug] === priceId);
  }

  private async ownTenant(tenantId: string, customerId: string) {
    const tenant = await this.repository.tenant(tenantId);
    // Another tenant's customer id answers exactly like a missing one.
    if (!tenant || tenant.customerId !== customerId) throw notFound();
    return tenant;
  }
}
