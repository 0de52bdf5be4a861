import type { User } from '@sparks/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { billingEvents, tenants } from '../../db/schema.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { subscribe } from '#test/billing-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { BillingRepository } from './billing-repository.js';

describe.each(testDatabaseTargets())('managing and cancelling a subscription (embedded test portal) on $name', (target) => {
  const app = appOnTarget(target);
  const owner = async () => {
    const { tokens } = await verifiedAccount(app());
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const user = (await app().inject({ method: 'GET', url: '/api/v1/account/profile', headers })).json().data as User;
    const tenant = user.tenants[0]!;
    const openPortal = (customerId = tenant.customerId) => app().inject({ method: 'POST', url: `/api/v1/billing/customers/${customerId}/portal`, headers });
    const row = async () => (await app().database.db.select().from(tenants).where(eq(tenants.id, tenant._id)))[0]!;
    return { token: tokens.access_token, tenant, openPortal, row };
  };
  const cancelForm = (path: string, confirm: string) => ({
    method: 'POST' as const,
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ confirm }).toString(),
  });

  it('opens the test portal for a subscriber, asks for confirmation, and cancels through the signed webhook event', async () => {
    const { token, openPortal, row } = await owner();
    await subscribe(app(), token, 'emerald');
    const opened = await openPortal();
    expect(opened.statusCode, opened.payload).toBe(200);
    const { pathname } = new URL(opened.json().data.portalUrl as string);
    expect(pathname).toMatch(/^\/api\/v1\/billing\/test-portal\/cs_test_/);

    const page = await app().inject({ method: 'GET', url: pathname, headers: { 'accept-language': 'es' } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.payload).toContain('MODO DE PRUEBA');
    expect(page.payload).toContain('Plan actual: Emerald — 90 € al mes');
    // A portal visit is not a checkout: it cannot be paid.
    expect((await app().inject({ method: 'GET', url: pathname.replace('test-portal', 'test-checkout') })).statusCode).toBe(404);

    const unconfirmed = await app().inject(cancelForm(pathname, 'yes'));
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.payload).toContain('Type CANCEL to confirm.');
    expect((await row()).planSlug).toBe('emerald');

    const cancelled = await app().inject(cancelForm(pathname, 'CANCEL'));
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/billing?portal=cancelled');
    expect(await row()).toMatchObject({ planSlug: 'free', subscriptionId: null });
    const events = await app().database.db.select().from(billingEvents);
    expect(events.some((event) => event.type === 'customer.subscription.deleted')).toBe(true);
    // The visit ended with the subscription: it cannot cancel again, and there is nothing left to manage.
    expect((await app().inject({ method: 'GET', url: pathname })).statusCode).toBe(404);
    expect((await openPortal()).statusCode).toBe(409);
  });

  it('answers 409 with no subscription, 404 for another customer, and refuses bad portal forms', async () => {
    const first = await owner();
    const second = await owner();
    const none = await first.openPortal();
    expect(none.statusCode).toBe(409);
    expect(none.json().errors[0]).toContain('no subscription to manage');
    await subscribe(app(), second.token, 'ruby');
    expect((await first.openPortal(second.tenant.customerId)).statusCode).toBe(404);
    const { pathname } = new URL((await second.openPortal()).json().data.portalUrl as string);
    for (const bad of [{ confirm: 'x'.repeat(50) }, { confirm: 'CANCEL', extra: '1' }] as Array<Record<string, string>>) {
      const response = await app().inject({
        method: 'POST',
        url: pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(bad).toString(),
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await app().inject(cancelForm('/api/v1/billing/test-portal/cs_test_doesnotexist000', 'CANCEL'))).statusCode).toBe(404);
    expect((await second.row()).planSlug).toBe('ruby');
  });

  it('ignores the end of a subscription that is no longer the one in force', async () => {
    const { token, tenant, row } = await owner();
    await subscribe(app(), token, 'ruby');
    const payload = JSON.stringify({
      id: `evt_old_${tenant._id}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_replaced_long_ago', metadata: { tenantId: tenant._id, customerId: tenant.customerId } } },
    });
    const secret = await new BillingRepository(app().database.db).testWebhookSecret();
    const delivered = await app().inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
      payload,
    });
    expect(delivered.statusCode).toBe(200);
    expect((await row()).planSlug).toBe('ruby');
  });
});
