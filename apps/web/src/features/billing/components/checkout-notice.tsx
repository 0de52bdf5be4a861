import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type CheckoutReturn = 'success' | 'cancelled' | 'portalCancelled';

/**
 * Back from the payment page or the customer portal: says plainly what happened, so a paid plan
 * (or a payment that did not go through) is never left to be guessed from a label.
 */
export function CheckoutNotice({ outcome, planName }: { outcome: CheckoutReturn; planName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const tone = outcome === 'success' ? 'border-green-200 bg-green-50 text-green-900' : 'border-amber-200 bg-amber-50 text-amber-900';
  return (
    <div
      role="status"
      data-testid="checkout-notice"
      className={`fixed inset-x-3 top-3 z-40 mx-auto flex max-w-md items-start gap-3 rounded-xl border p-3 text-sm shadow-lg ${tone}`}
    >
      <p className="min-w-0 flex-1">{t(`billing.returned.${outcome}`, { plan: planName })}</p>
      <button
        type="button"
        onClick={() => setOpen(false)}
        aria-label={t('billing.returned.dismiss')}
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-lg hover:bg-black/5"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
