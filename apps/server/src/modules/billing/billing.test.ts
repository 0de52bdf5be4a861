import type { Price, User } from '@sparks/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { BillingRepository } from './billing-repository.js';

describe.each(testDatabaseTargets())('plans, checkout and webhooks on $name', (target) => {
  const app = appOnTarget(target);
  const api = (token: string) => {
    const headers = { authorization: `Bearer ${token}` };
    return {
      get: (url: string) => app().inject({ method: 'GET', url: `/api/v1${url}`, headers }),
      post: (url: string, payload: Record<string, unknown>) => app().inject({ method: 'POST', url: `/api/v1${url}`, headers, payload }),
    };
  };
  const customer = async (token: string) => {
    const user = (await api(token).get('/account/profile')).json().data as User;
    return { user, customerId: user.tenants[0]!.customerId, tenantId: user.tenants[0]!._id };
  };
  const planOf = async (tenantId: string) => (await app().database.db.select().from(tenants).where(eq(tenants.id, tenantId)))[0]!;
  const secret = () => new BillingRepository(app().database.db).testWebhookSecret();
  const signed = async (event: Record<string, unknown>, options: { timestamp?: number; secret?: string } = {}) => {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? (await secret()),
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
    return { payload, header };
  };
  const deliver = (payload: string, signature?: string) =>
    app().inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  const completed = (ids: { tenantId: string; customerId: string }, planSlug = 'ruby', eventId = `evt_${Math.random().toString(36).slice(2)}`) => ({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: 'cs_test_x', object: 'checkout.session', client_reference_id: ids.tenantId, subscription: 'sub_1', metadata: { ...ids, planSlug } } },
  });

  it('lists the plans’ prices and pays for one on the test checkout, which changes the plan through the webhook', async () => {
    const { tokens } = await verifiedAccount(app());
    const prices = (await api(tokens.access_token).get('/prices')).json().data as Price[];
    expect(prices.map((price) => [price.planSlug, price.unit_amount])).toEqual([
      ['ruby', 4500],
      ['emerald', 9000],
      ['zaphire', 18000],
    ]);
    const { customerId, tenantId } = await customer(tokens.access_token);
    const ruby = prices.find((price) => price.planSlug === 'ruby')!;
    const opened = await api(tokens.access_token).post(`/billing/customers/${customerId}/session`, { mode: 'subscription', priceId: ruby.priceId });
    expect(opened.statusCode, opened.payload).toBe(200);
    const sessionUrl = new URL(opened.json().data.sessionUrl as string);
    const page = await app().inject({ method: 'GET', url: sessionUrl.pathname, headers: { 'accept-language': 'es-ES' } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.payload).toContain('MODO DE PRUEBA');
    expect(page.payload).toContain('Ruby — 45 € al mes');

    const form = (card: string) => ({
      method: 'POST' as const,
      url: sessionUrl.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card, expiry: '12/34', cvc: '123', name: 'Ada' }).toString(),
    });
    const declined = await app().inject(form('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(402);
    expect(declined.payload).toContain('The card was declined');
    expect((await planOf(tenantId)).planSlug).toBe('free');

    const paid = await app().inject(form('4242 4242 4242 4242'));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/billing?checkout=success');
    const tenant = await planOf(tenantId);
    expect(tenant.planSlug).toBe('ruby');
    const subscriptions = (await api(tokens.access_token).get(`/billing/subscriptions/${customerId}?subscriptionId=${tenant.subscriptionId}`)).json().data;
    expect(subscriptions).toEqual([{ subscriptionId: tenant.subscriptionId, customerId, status: 'active', planSlug: 'ruby', productName: 'Ruby' }]);
    expect((await api(tokens.access_token).get(`/billing/subscriptions/${customerId}?subscriptionId=sub_other`)).json().data).toEqual([]);
    // A spent checkout cannot be paid again.
    expect((await app().inject(form('4242 4242 4242 4242'))).statusCode).toBe(404);
  });

  it('accepts the spec’s emeral spelling, and refuses another customer’s id or an unknown price', async () => {
    const owner = await verifiedAccount(app());
    const other = await verifiedAccount(app());
    const { customerId } = await customer(owner.tokens.access_token);
    const emeral = await api(owner.tokens.access_token).post(`/billing/customers/${customerId}/session`, { mode: 'subscription', priceId: 'price_emeral' });
    expect(emeral.statusCode, emeral.payload).toBe(200);
    expect(
      (await api(other.tokens.access_token).post(`/billing/customers/${customerId}/session`, { mode: 'subscription', priceId: 'price_ruby' })).statusCode,
    ).toBe(404);
    expect((await api(other.tokens.access_token).get(`/billing/subscriptions/${customerId}`)).statusCode).toBe(404);
    for (const body of [
      { mode: 'subscription', priceId: 'price_free' },
      { mode: 'payment', priceId: 'price_ruby' },
      { mode: 'subscription', priceId: 'x'.repeat(200) },
      { mode: 'subscription' },
    ]) {
      expect((await api(owner.tokens.access_token).post(`/billing/customers/${customerId}/session`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await app().inject({ method: 'GET', url: '/api/v1/prices' })).statusCode).toBe(401);
  });

  it('refuses a missing, bad or old signature, a tampered body and a replayed event, changing nothing', async () => {
    const { tokens } = await verifiedAccount(app());
    const ids = await customer(tokens.access_token);
    const event = completed(ids, 'emerald', 'evt_replay_me_' + ids.tenantId);
    const { payload, header } = await signed(event);

    expect((await deliver(payload)).statusCode).toBe(400);
    expect((await deliver(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    const wrongSecret = await signed(event, { secret: 'whsec_not_ours' });
    expect((await deliver(wrongSecret.payload, wrongSecret.header)).statusCode).toBe(400);
    const old = await signed(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await deliver(old.payload, old.header)).statusCode).toBe(400);
    const tampered = payload.replace('"emerald"', '"zaphire"');
    const refused = await deliver(tampered, header);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatch(/signature/);
    expect((await planOf(ids.tenantId)).planSlug).toBe('free');

    expect((await deliver(payload, header)).statusCode).toBe(200);
    expect((await planOf(ids.tenantId)).planSlug).toBe('emerald');
    // The same event again, even freshly signed, is refused: a cancellation in between stays.
    // A change of plan at the provider follows the subscription's price.
    const changed = await signed({
      id: `evt_change_${ids.tenantId}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1', metadata: ids, items: { data: [{ price: { id: 'price_ruby' } }] } } },
    });
    expect((await deliver(changed.payload, changed.header)).statusCode).toBe(200);
    expect((await planOf(ids.tenantId)).planSlug).toBe('ruby');
    const cancelled = await signed({
      id: `evt_cancel_${ids.tenantId}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_1', metadata: ids } },
    });
    expect((await deliver(cancelled.payload, cancelled.header)).statusCode).toBe(200);
    expect((await planOf(ids.tenantId)).planSlug).toBe('free');
    const replay = await signed(event);
    const replayed = await deliver(replay.payload, replay.header);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().errors[0]).toContain('already received');
    expect((await planOf(ids.tenantId)).planSlug).toBe('free');
  });

  it('never grants a plan from a return URL or a checkout that was not paid', async () => {
    const { tokens } = await verifiedAccount(app());
    const { customerId, tenantId } = await customer(tokens.access_token);
    await api(tokens.access_token).post(`/billing/customers/${customerId}/session`, { mode: 'subscription', priceId: 'price_zaphire' });
    expect((await app().inject({ method: 'GET', url: '/billing?checkout=success&plan=zaphire' })).statusCode).toBeLessThan(500);
    expect((await planOf(tenantId)).planSlug).toBe('free');
    expect((await app().inject({ method: 'GET', url: '/api/v1/billing/test-checkout/cs_test_doesnotexist000' })).statusCode).toBe(404);
  });
});
