import type { Plan, Language } from '@sparks/contract';
import { escapeHtml as escape, testModePage } from './test-mode-page.js';

const TEXT = {
  en: {
    title: 'Test checkout',
    banner: 'TEST MODE — no real payment is made. Use the test card 4242 4242 4242 4242, any future date and any CVC.',
    plan: (name: string, euros: string) => `${name} — ${euros} € per month`,
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    name: 'Name on the card',
    pay: 'Pay and subscribe',
    cancel: 'Cancel and go back',
  },
  es: {
    title: 'Pago de prueba',
    banner: 'MODO DE PRUEBA — no se cobra nada. Usa la tarjeta de prueba 4242 4242 4242 4242, cualquier fecha futura y cualquier CVC.',
    plan: (name: string, euros: string) => `${name} — ${euros} € al mes`,
    card: 'Número de tarjeta',
    expiry: 'Caducidad (MM/AA)',
    cvc: 'CVC',
    name: 'Nombre en la tarjeta',
    pay: 'Pagar y suscribirme',
    cancel: 'Cancelar y volver',
  },
} as const;

/**
 * The built-in test checkout page: a plain form (no script), clearly labelled test mode, in the
 * visitor's language. It posts back to itself; the server turns a test payment into the same
 * signed event a real provider would send.
 */
export function testCheckoutPage(options: { language: Language; plan: Plan; action: string; cancelUrl: string; error?: string }): string {
  const text = TEXT[options.language];
  const field = (name: string, label: string, attributes: string) => `<label>${escape(label)}<input name="${name}" required ${attributes}></label>`;
  return testModePage(
    options,
    text,
    `<form method="post" action="${escape(options.action)}">
${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
${field('card', text.card, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"')}
<div class="row">
${field('expiry', text.expiry, 'autocomplete="cc-exp" maxlength="7" placeholder="12/34"')}
${field('cvc', text.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"')}
</div>
${field('name', text.name, 'autocomplete="cc-name" maxlength="80"')}
<button type="submit">${escape(text.pay)}</button>
</form>
<p><a href="${escape(options.cancelUrl)}">${escape(text.cancel)}</a></p>`,
  );
}
