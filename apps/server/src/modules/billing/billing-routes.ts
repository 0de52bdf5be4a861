import { API_ROUTES, type Language } from '@sparks/contract';
import { publicUrlFor } from '../../lib/public-url-for.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testCheckoutPage } from './test-checkout-page.js';
import { testPortalPage } from './test-portal-page.js';
import { FormRefused } from './test-checkout-service.js';
import { errorResponses } from '../../lib/error-responses.js';

const errors = errorResponses(400, 401, 404, 409, 503);
const secured = { tags: ['billing'], security: [{ bearer: [] }] };
const checkoutParams = z.object({ id: z.string().regex(/^cs_test_[\w-]{10,60}$/, 'must be a checkout id') });
const portalForm = z.object({ confirm: z.string().max(20) }).strict();
const testCard = z.object({ card: z.string().max(30), expiry: z.string().max(10), cvc: z.string().max(6), name: z.string().max(80) }).strict();

const languageOf = (acceptLanguage: string | undefined): Language => (acceptLanguage?.trim().toLowerCase().startsWith('es') ? 'es' : 'en');

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { plans, billing, testCheckout } = app.services;

  // The webhook reads its body raw: the signature is over the exact bytes sent.
  const webhook: FastifyPluginAsync = async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      '/billing/webhook',
      {
        config: { access: 'visitor' },
        schema: {
          tags: ['billing'],
          summary: 'Payment events (Stripe-signed); the only thing that changes a subscription',
          response: { 200: z.object({ data: z.object({ received: z.boolean() }) }), ...errors },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return { data: await billing.receiveWebhook(String(request.body ?? ''), typeof signature === 'string' ? signature : undefined) };
      },
    );
  };
  await app.register(webhook);

  // The built-in test checkout: a page and its form, only where no real provider is configured.
  if (testCheckout) {
    const checkout = testCheckout;
    const page: FastifyPluginAsyncZod = async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      const render = async (id: string, language: Language, error?: string) => {
        const { plan } = await checkout.open(id);
        return testCheckoutPage({
          language,
          plan,
          action: `/api/v1/billing/test-checkout/${id}`,
          cancelUrl: '/billing?checkout=cancelled',
          ...(error ? { error } : {}),
        });
      };
      scope.get(
        '/billing/test-checkout/:id',
        {
          config: { access: 'visitor' },
          schema: { tags: ['billing'], summary: 'The built-in test checkout page (test mode, no real payment)', params: checkoutParams },
        },
        async (request, reply) => reply.type('text/html; charset=utf-8').send(await render(request.params.id, languageOf(request.headers['accept-language']))),
      );
      scope.post(
        '/billing/test-checkout/:id',
        {
          config: { access: 'visitor' },
          schema: { tags: ['billing'], summary: 'Pay on the test checkout with a test card', params: checkoutParams, body: testCard },
        },
        async (request, reply) => {
          const language = languageOf(request.headers['accept-language']);
          try {
            await checkout.pay(request.params.id, request.body);
          } catch (error) {
            if (!(error instanceof FormRefused)) throw error;
            return reply
              .code(402)
              .type('text/html; charset=utf-8')
              .send(await render(request.params.id, language, error.message));
          }
          return reply.redirect('/billing?checkout=success', 303);
        },
      );
      const renderPortal = async (id: string, language: Language, error?: string) => {
        const { plan } = await checkout.portal(id);
        return testPortalPage({ language, plan, action: `/api/v1/billing/test-portal/${id}`, backUrl: '/billing', ...(error ? { error } : {}) });
      };
      scope.get(
        '/billing/test-portal/:id',
        {
          config: { access: 'visitor' },
          schema: { tags: ['billing'], summary: 'The built-in stand-in for the customer portal (test mode): manage or cancel', params: checkoutParams },
        },
        async (request, reply) =>
          reply.type('text/html; charset=utf-8').send(await renderPortal(request.params.id, languageOf(request.headers['accept-language']))),
      );
      scope.post(
        '/billing/test-portal/:id',
        {
          config: { access: 'visitor' },
          schema: { tags: ['billing'], summary: 'Cancel the subscription on the test portal', params: checkoutParams, body: portalForm },
        },
        async (request, reply) => {
          try {
            await checkout.cancel(request.params.id, request.body.confirm);
          } catch (error) {
            if (!(error instanceof FormRefused)) throw error;
            return reply
              .code(400)
              .type('text/html; charset=utf-8')
              .send(await renderPortal(request.params.id, languageOf(request.headers['accept-language']), error.message));
          }
          return reply.redirect('/billing?portal=cancelled', 303);
        },
      );
    };
    await app.register(page);
  }

  await app.register(async (scope) => {
    scope.get(
      API_ROUTES.planUsage.path,
      {
        schema: {
          ...secured,
          summary: "This month's interactions, the Sparks and the documents, against the plan",
          ...routeSchema(API_ROUTES.planUsage, errors),
        },
      },
      async (request) => {
        const usage = await plans.usage(request.caller.tenantId);
        return { data: { planSlug: usage.plan.slug, interactions: usage.interactions, sparks: usage.sparks, documents: usage.documents } };
      },
    );
    scope.get(
      API_ROUTES.prices.path,
      { schema: { ...secured, summary: 'The price of each plan (priceId, unit_amount)', ...routeSchema(API_ROUTES.prices, errors) } },
      async () => ({
        data: billing.prices(),
      }),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      API_ROUTES.startCheckout.path,
      {
        schema: {
          ...secured,
          summary: 'Open a checkout for a plan; answers the URL to send the user to',
          ...routeSchema(API_ROUTES.startCheckout, errors),
        },
      },
      async (request) => ({ data: await billing.startCheckout(request.caller.tenantId, request.params.customerId, request.body, publicUrlFor(request)) }),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      API_ROUTES.openPortal.path,
      {
        schema: {
          ...secured,
          summary: 'Open the customer portal to manage or cancel the subscription; answers its URL',
          ...routeSchema(API_ROUTES.openPortal, errors),
        },
      },
      async (request) => ({ data: await billing.openPortal(request.caller.tenantId, request.params.customerId, publicUrlFor(request)) }),
    );
    scope.withTypeProvider<ZodTypeProvider>().get(
      API_ROUTES.subscriptions.path,
      {
        schema: { ...secured, summary: "The customer's subscriptions, filtered by subscriptionId", ...routeSchema(API_ROUTES.subscriptions, errors) },
      },
      async (request) => ({ data: await billing.subscriptions(request.caller.tenantId, request.params.customerId, request.query.subscriptionId) }),
    );
  });
};
