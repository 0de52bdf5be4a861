import type { User } from '@sparks/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLogout } from '../features/auth/api/use-logout';
import { AccountBlockedDialog } from '../features/billing/components/account-blocked-dialog';
import { CheckoutNotice, type CheckoutReturn } from '../features/billing/components/checkout-notice';
import { PlansDialog } from '../features/billing/components/plans-dialog';
import { useErrorDialog } from '../lib/error-dialog-store';

/** Why the app is blocked, if it is: an inactive tenant, or a trial that ended without a plan. */
function blockOf(user: User, now: number): 'inactive' | 'trialEnded' | null {
  const tenant = user.tenants[0];
  if (!tenant) return null;
  if (tenant.status === 'inactive') return 'inactive';
  const { planSlug, trialEndsAt } = tenant.subscription;
  return planSlug === 'free' && trialEndsAt && Date.parse(trialEndsAt) <= now ? 'trialEnded' : null;
}

/** What a return from the payment page or the portal reports, if it is one. */
function returnOutcome(params: URLSearchParams): CheckoutReturn | null {
  const checkout = params.get('checkout');
  if (checkout === 'success' || checkout === 'cancelled') return checkout;
  return params.get('portal') === 'cancelled' ? 'portalCancelled' : null;
}

/**
 * The plans popup (opened by `showPlans=true` on any path), the trial-complete popup and the
 * inactive-tenant modal; after a checkout or a portal visit the profile is read again, so the plan label follows.
 */
export function BillingDialogs({ user }: { user: User }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [plansOpen, setPlansOpen] = useState(false);
  const showPlans = params.get('showPlans') === 'true';
  // Back from a checkout or the customer portal: the webhook has changed the plan by now.
  const returned = params.get('checkout') ?? params.get('portal');

  useEffect(() => {
    if (showPlans) setPlansOpen(true);
  }, [showPlans]);
  useEffect(() => {
    if (returned) void queryClient.invalidateQueries({ queryKey: ['profile'] });
  }, [returned, queryClient]);

  const closePlans = (open: boolean) => {
    setPlansOpen(open);
    if (!open && showPlans) {
      const next = new URLSearchParams(params);
      next.delete('showPlans');
      next.delete('plan');
      setParams(next, { replace: true });
    }
  };
  const block = blockOf(user, Date.now());
  // The blocked modal explains the refusal that revealed it; a generic error dialog over it would only repeat it.
  useEffect(() => {
    useErrorDialog.getState().setBlocked(block !== null);
  }, [block]);
  const outcome = returnOutcome(params);
  const subscription = user.tenants[0]?.subscription;
  return (
    <>
      {outcome && <CheckoutNotice outcome={outcome} planName={subscription?.planSlug === 'free' ? t('nav.freeTrial') : (subscription?.productName ?? '')} />}
      {block && !plansOpen && <AccountBlockedDialog reason={block} onViewPlans={() => setPlansOpen(true)} onLogout={() => void logout()} />}
      <PlansDialog open={plansOpen} onOpenChange={closePlans} user={user} featured={showPlans ? params.get('plan') : null} />
    </>
  );
}
