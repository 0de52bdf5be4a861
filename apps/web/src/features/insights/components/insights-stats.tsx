import { INSIGHTS_PERIOD_DAYS } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useInsights, type InsightsDays } from '../api/use-insights';
import { PeriodPicker } from './period-picker';
import { StatsFigures } from './stats-figures';
import { StatsSkeleton } from './stats-skeleton';

const periodOf = (value: string | null): InsightsDays => INSIGHTS_PERIOD_DAYS.find((days) => days === value) ?? '30';

/** What website visitors did over the chosen period; the period is kept in the address (?days=), so a reload or a shared link keeps it. */
export function InsightsStats({ sparkId }: { sparkId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get('days'));
  const insights = useInsights(sparkId, days);
  const choose = (next: InsightsDays) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('days', next);
        return updated;
      },
      { replace: true },
    );
  return (
    <section aria-labelledby={titleId} className="space-y-4" data-testid="insights-stats">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {t('insights.stats.title')}
          </h2>
          <p className="text-sm text-muted">{t('insights.stats.subtitle')}</p>
        </div>
        <PeriodPicker value={days} onChange={choose} />
      </div>
      {insights.isPending ? (
        <StatsSkeleton />
      ) : insights.isError ? (
        <div role="alert" className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{t('insights.stats.loadFailed')}</p>
          <Button variant="ghost" className="border border-red-200 bg-white" onClick={() => void insights.refetch()}>
            {t('insights.retry')}
          </Button>
        </div>
      ) : (
        // The previous period stays on screen, dimmed, until the chosen one arrives.
        <div aria-busy={insights.isPlaceholderData} className={insights.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <StatsFigures sparkId={sparkId} days={days} insights={insights.data} />
        </div>
      )}
    </section>
  );
}
