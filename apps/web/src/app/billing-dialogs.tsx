import type { User } from '@sparks/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLogout } from '../features/auth/api/use-logout';
import { AccountBlockedDialog } from '../features/billing/components/account-blocked-dialog';
import { PlansDialog } from '../features/billing/components/plans-dialog';

/** Why the app is blocked, if it is: an inactive tenant, or a trial that ended without a plan. */
function blockOf(user: User, now: number): 'inactive' | 'trialEnded' | null {
  const tenant = user.tenants[0];
  if (!tenant) return null;
  if (tenant.status === 'inactive') return 'inactive';
  const { planSlug, trialEndsAt } = tenant.subscription;
  return planSlug === 'free' && trialEndsAt && Date.parse(trialEndsAt) <= now ? 'trialEnded' : null;
}

/**
 * The plans popup (opened by `showPlans=true` on any path), the trial-complete popup and the
 * inactive-tenant modal; after a checkout the profile is read again, so the plan label follows.
 */
export function BillingDialogs({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [plansOpen, setPlansOpen] = useState(false);
  const showPlans = params.get('showPlans') === 'true';
  const checkout = params.get('checkout');

  useEffect(() => {
    if (showPlans) setPlansOpen(true);
  }, [showPlans]);
  useEffect(() => {
    // The webhook changed the plan before the return: read the profile again, without a reload.
    if (checkout) void queryClient.invalidateQueries({ queryKey: ['profile'] });
  }, [checkout, queryClient]);

  const closePlans = (open: boolean) => {
    setPlansOpen(open);
    if (!open && showPlans) {
      const next = new URLSearchParams(params);
      next.delete('showPlans');
      setParams(next, { replace: true });
    }
  };
  const block = blockOf(user, Date.now());
  return (
    <>
      {block && !plansOpen && <AccountBlockedDialog reason={block} onViewPlans={() => setPlansOpen(true)} onLogout={() => void logout()} />}
      <PlansDialog open={plansOpen} onOpenChange={closePlans} user={user} />
    </>
  );
}
