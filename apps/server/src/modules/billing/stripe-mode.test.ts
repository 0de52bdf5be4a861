import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Price, User } from '@sparks/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

const WEBHOOK_SECRET = 'whsec_stripe_mode_test';

/** A Stripe-shaped API on loopback: it answers checkout- and portal-session creation as Stripe does and records each call. */
function stripeShapedServer() {
  const calls: Array<{ method: string; path: string; body: URLSearchParams; authorization: string | undefined }> = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = new URLSearchParams(raw);
      calls.push({ method: request.method ?? '', path: request.url ?? '', body, authorization: request.headers.authorization });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        response.end(
          JSON.stringify({
            id: 'cs_live_123',
            object: 'checkout.session',
            url: 'https://checkout.stripe.example/c/pay/cs_live_123',
            client_reference_id: body.get('client_reference_id'),
          }),
        );
      } else if (request.method === 'POST' && request.url === '/v1/billing_portal/sessions') {
        response.end(
          JSON.stringify({
            id: 'bps_1',
            object: 'billing_portal.session',
            customer: body.get('customer'),
            url: `https://billing.stripe.example/p/session/${body.get('customer')}`,
          }),
        );
      } else {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
      }
    });
  });
  return { server, calls };
}

describe.each(testDatabaseTargets())('billing with Stripe configured, on $name', (target) => {
  const stripe = stripeShapedServer();
  const env: Record<string, string> = {};
  beforeAll(async () => {
    await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
    const { port } = stripe.server.address() as AddressInfo;
    Object.assign(env, {
      STRIPE_SECRET_KEY: 'sk_test_sparks',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_RUBY: 'price_1RubyMonthly',
      STRIPE_PRICE_EMERALD: 'price_1EmeraldMonthly',
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(() => new Promise<void>((resolve) => stripe.server.close(() => resolve())));
  const app = appOnTarget(target, env);

  it('opens a real checkout session through the SDK and applies the signed event it later sends', async () => {
    const { tokens } = await verifiedAccount(app());
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const prices = (await app().inject({ method: 'GET', url: '/api/v1/prices', headers })).json().data as Price[];
    expect(prices.map((price) => [price.planSlug, price.priceId, price.unit_amount])).toEqual([
      ['ruby', 'price_1RubyMonthly', 4500],
      ['emerald', 'price_1EmeraldMonthly', 9000],
    ]);
    const user = (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers })).json().data as User;
    const tenant = user.tenants[0]!;
    const opened = await app().inject({
      method: 'POST',
      url: `/api/v1/billing/customers/${tenant.customerId}/session`,
      // Opened at a loopback address without PUBLIC_URL: Stripe sends the owner back to the same one (decision 0024).
      headers: { ...headers, host: '127.0.0.1:4321' },
      payload: { mode: 'subscription', priceId: 'price_1RubyMonthly' },
    });
    expect(opened.statusCode, opened.payload).toBe(200);
    expect(opened.json().data.sessionUrl).toBe('https://checkout.stripe.example/c/pay/cs_live_123');
    const call = stripe.calls.at(-1)!;
    expect(call.authorization).toBe('Bearer sk_test_sparks');
    expect(Object.fromEntries(call.body)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_1RubyMonthly',
      client_reference_id: tenant._id,
      'metadata[customerId]': tenant.customerId,
      'subscription_data[metadata][planSlug]': 'ruby',
      success_url: 'http://127.0.0.1:4321/billing?checkout=success',
      cancel_url: 'http://127.0.0.1:4321/billing?checkout=cancelled',
    });
    // The test checkout does not exist when a real provider is configured.
    expect((await app().inject({ method: 'GET', url: '/api/v1/billing/test-checkout/cs_test_abcdefghijkl' })).statusCode).toBe(404);

    const payload = JSON.stringify({
      id: 'evt_live_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_live_123',
          client_reference_id: tenant._id,
          customer: 'cus_live_9',
          subscription: 'sub_live_1',
          metadata: { tenantId: tenant._id, customerId: tenant.customerId, planSlug: 'ruby' },
        },
      },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const webhook = (signature: string) =>
      app().inject({ method: 'POST', url: '/api/v1/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    expect((await webhook(forged)).statusCode).toBe(400);
    expect((await webhook(Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))).statusCode).toBe(200);
    const [row] = await app().database.db.select().from(tenants).where(eq(tenants.id, tenant._id));
    expect(row).toMatchObject({ planSlug: 'ruby', subscriptionId: 'sub_live_1', providerCustomerId: 'cus_live_9' });

    // The subscriber manages or cancels it in Stripe's own customer portal, for Stripe's customer.
    const portal = await app().inject({
      method: 'POST',
      url: `/api/v1/billing/customers/${tenant.customerId}/portal`,
      headers: { ...headers, host: '[::1]:4321' },
    });
    expect(portal.statusCode, portal.payload).toBe(200);
    expect(portal.json().data.portalUrl).toBe('https://billing.stripe.example/p/session/cus_live_9');
    expect(Object.fromEntries(stripe.calls.at(-1)!.body)).toEqual({ customer: 'cus_live_9', return_url: 'http://[::1]:4321/billing' });
    expect((await app().inject({ method: 'GET', url: '/api/v1/billing/test-portal/cs_test_abcdefghijkl' })).statusCode).toBe(404);
  });
});
