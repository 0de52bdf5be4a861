import type { Plan } from '@sparks/contract';

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

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The built-in test checkout page: a plain form (no script), clearly labelled test mode, in the
 * visitor's language. It posts back to itself; the server turns a test payment into the same
 * signed event a real provider would send.
 */
export function testCheckoutPage(options: { language: 'en' | 'es'; plan: Plan; action: string; cancelUrl: string; error?: string }): string {
  const text = TEXT[options.language];
  const euros = ((options.plan.unitAmount ?? 0) / 100).toFixed(0);
  const field = (name: string, label: string, attributes: string) =>
    `<label>${escape(label)}<input name="${name}" required ${attributes}></label>`;
  return `<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(text.title)} · Sparks</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,sans-serif;background:#f7f6fb;color:#1c1a29}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.banner{background:#fef3c7;color:#78350f;border:1px solid #f59e0b;border-radius:12px;padding:12px;font-size:14px;font-weight:600}
h1{font-size:22px;margin:20px 0 4px}
.plan{color:#5f5b73;margin:0 0 16px}
form{display:grid;gap:12px;background:#fff;border:1px solid #e4e2ee;border-radius:16px;padding:16px}
label{display:grid;gap:4px;font-size:14px;font-weight:500}
input{font:inherit;padding:10px;border:1px solid #c9c5d9;border-radius:8px}
input:focus{outline:2px solid #5b3df5;outline-offset:1px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{font:inherit;font-weight:600;color:#fff;background:#5b3df5;border:0;border-radius:10px;padding:12px;cursor:pointer}
.error{color:#b91c1c;font-weight:600;margin:0}
a{color:#4527d6}
</style>
</head>
<body>
<main>
<p class="banner" role="note">${escape(text.banner)}</p>
<h1>${escape(text.title)}</h1>
<p class="plan">${escape(text.plan(options.plan.productName, euros))}</p>
<form method="post" action="${escape(options.action)}">
${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
${field('card', text.card, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"')}
<div class="row">
${field('expiry', text.expiry, 'autocomplete="cc-exp" maxlength="7" placeholder="12/34"')}
${field('cvc', text.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"')}
</div>
${field('name', text.name, 'autocomplete="cc-name" maxlength="80"')}
<button type="submit">${escape(text.pay)}</button>
</form>
<p><a href="${escape(options.cancelUrl)}">${escape(text.cancel)}</a></p>
</main>
</body>
</html>`;
}
