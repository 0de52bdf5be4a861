import { PLANS, planFromSlug, type User } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { InfoList } from '../../../components/ui/info-list';
import { Spinner } from '../../../components/ui/spinner';
import { UsageBars } from '../../../components/ui/usage-bars';
import { usePlanUsage } from '../api/use-plan-usage';

/**
 * The plan and what the account uses of it, as they are now (the billing assistant shows it in
 * chat): after a checkout it names the new plan, and a new document moves its bar.
 */
export function PlanCard({ subscription }: { subscription: User['tenants'][number]['subscription'] | undefined }) {
  const { t, i18n } = useTranslation();
  const usage = usePlanUsage();
  const plan = planFromSlug(subscription?.planSlug ?? '') ?? PLANS.free;
  const free = plan.slug === 'free';
  const trialEnds =
    free && subscription?.trialEndsAt
      ? new Date(subscription.trialEndsAt).toLocaleDateString(i18n.resolvedLanguage === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'long' })
      : null;
  return (
    <div className="space-y-3" data-testid="live-plan-card">
      <p className="font-semibold">{t('liveCards.plan.title')}</p>
      <InfoList
        rows={[
          { label: t('liveCards.plan.plan'), value: free ? t('nav.freeTrial') : plan.productName },
          ...(trialEnds ? [{ label: t('liveCards.plan.trialEnds'), value: trialEnds }] : []),
          { label: t('liveCards.plan.integrations'), value: String(plan.limits.integrations) },
        ]}
      />
      {usage.data ? (
        <UsageBars
          rows={[
            { label: t('liveCards.plan.interactions'), used: usage.data.interactions, limit: plan.limits.interactionsPerMonth },
            { label: t('liveCards.plan.sparks'), used: usage.data.sparks, limit: plan.limits.sparks },
            { label: t('liveCards.plan.documents'), used: usage.data.documents, limit: plan.limits.documents },
          ]}
        />
      ) : usage.isPending ? (
        <Spinner label={t('liveCards.plan.loading')} className="size-5" />
      ) : null}
    </div>
  );
}
