import type { Plan, Language } from '@sparks/contract';
import { escapeHtml as escape, testModePage } from './test-mode-page.js';

const TEXT = {
  en: {
    title: 'Manage your subscription',
    banner: 'TEST MODE — no real payment or refund is made. This page stands in for the payment provider’s customer portal.',
    plan: (name: string, euros: string) => `Current plan: ${name} — ${euros} € per month`,
    explain: 'Cancelling ends the subscription now: your account goes back to the free plan and its limits.',
    confirm: 'Type CANCEL to confirm',
    cancel: 'Cancel my subscription',
    back: 'Keep my plan and go back',
  },
  es: {
    title: 'Gestiona tu suscripción',
    banner: 'MODO DE PRUEBA — no se cobra ni se devuelve nada. Esta página sustituye al portal de cliente del proveedor de pagos.',
    plan: (name: string, euros: string) => `Plan actual: ${name} — ${euros} € al mes`,
    explain: 'Al cancelar, la suscripción termina ahora: tu cuenta vuelve al plan gratuito y sus límites.',
    confirm: 'Escribe CANCEL para confirmar',
    cancel: 'Cancelar mi suscripción',
    back: 'Mantener mi plan y volver',
  },
} as const;

/** The word the test portal asks for before cancelling, so a stray click cannot end a plan. */
export const CANCEL_WORD = 'CANCEL';

/**
 * The embedded default's stand-in for the provider's customer portal: the current plan and a
 * cancel form (no script). Cancelling becomes the signed `customer.subscription.deleted` event.
 */
export function testPortalPage(options: { language: Language; plan: Plan; action: string; backUrl: string; error?: string }): string {
  const text = TEXT[options.language];
  return testModePage(
    options,
    text,
    `<form method="post" action="${escape(options.action)}">
${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
<p>${escape(text.explain)}</p>
<label>${escape(text.confirm)}<input name="confirm" required maxlength="20" autocomplete="off" pattern="${CANCEL_WORD}"></label>
<button type="submit" class="danger">${escape(text.cancel)}</button>
</form>
<p><a href="${escape(options.backUrl)}">${escape(text.back)}</a></p>`,
  );
}
