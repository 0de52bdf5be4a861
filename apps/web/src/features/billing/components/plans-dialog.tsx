import { PLANS, type User } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useCheckout, usePortal, usePrices } from '../api/use-billing';
import { offeredPlans } from '../plans-rules';
import { PlanBullets } from './plan-bullets';

const GEM_COLOUR: Record<string, string> = { ruby: '#be123c', emerald: '#047857', zaphire: '#1d4ed8' };

/** The plan's image: a gem in its colour, drawn here. */
function Gem({ slug }: { slug: string }) {
  return (
    <svg viewBox="0 0 48 48" className="size-12" aria-hidden="true">
      <path d="M14 8h20l8 10-18 22L6 18z" fill={GEM_COLOUR[slug] ?? '#5b3df5'} />
      <path d="M6 18h36M14 8l10 32M34 8L24 40M14 8l-2 10M34 8l2 10" stroke="#fff" strokeOpacity="0.45" strokeWidth="1.5" fill="none" />
    </svg>
  );
}

/** product.md §2/§6 plans popup: a card per plan offered (image, title, monthly price, bullets, Upgrade) and Cancel. */
export function PlansDialog({
  open,
  onOpenChange,
  user,
  featured = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User;
  featured?: string | null;
}) {
  const { t } = useTranslation();
  const prices = usePrices(open);
  const checkout = useCheckout();
  const portal = usePortal();
  const tenant = user.tenants[0];
  const subscribed = Boolean(tenant?.subscription.subscriptionId);
  const offered = offeredPlans(prices.data ?? [], tenant?.subscription.productName ?? '', featured);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('plans.title')} description={t('plans.subtitle')} wide>
      {prices.isPending ? (
        <div className="flex justify-center py-8 text-primary">
          <Spinner label={t('plans.loading')} className="size-6" />
        </div>
      ) : prices.isError ? (
        <Alert tone="error">{t('plans.loadFailed')}</Alert>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {offered.map((price) => (
            <li key={price.priceId} className="flex flex-col gap-3 rounded-2xl border border-line p-4" data-testid={`plan-${price.planSlug}`}>
              <Gem slug={price.planSlug} />
              <h3 className="text-lg font-semibold">{price.productName}</h3>
              <p>
                <span className="text-2xl font-bold">{t('plans.price', { euros: price.unit_amount / 100 })}</span>{' '}
                <span className="text-sm text-muted">{t('plans.perMonth')}</span>
              </p>
              <PlanBullets limits={PLANS[price.planSlug].limits} />
              <Button
                disabled={!tenant || checkout.isPending}
                onClick={() => tenant && checkout.mutate({ customerId: tenant.customerId, priceId: price.priceId })}
              >
                {t('plans.upgrade', { plan: price.productName })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {checkout.isError && <Alert tone="error">{checkout.error.message}</Alert>}
      {subscribed && tenant && (
        <section className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-canvas p-4" aria-labelledby="plans-current">
          <p id="plans-current" className="text-sm">
            {t('plans.current', { plan: tenant.subscription.productName })}
          </p>
          <Button
            variant="ghost"
            className="border border-line bg-white"
            disabled={portal.isPending}
            onClick={() => portal.mutate({ customerId: tenant.customerId })}
          >
            {t('plans.manage')}
          </Button>
        </section>
      )}
      {portal.isError && <Alert tone="error">{portal.error.message}</Alert>}
      <div className="flex justify-end">
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
