import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/line-icon';
import type { InsightsDays } from '../api/use-insights';

/** No visitor in the period: what would bring them, and the way to the deploy panel. */
export function InsightsEmpty({ sparkId, days }: { sparkId: string; days: InsightsDays }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-white px-6 py-10 text-center" data-testid="insights-empty">
      <LineIcon className="size-10 text-secondary" strokeWidth={1.5} d="M4 19V5M4 19h16M8 15v-3M12 15V9M16 15v-6" />
      <h3 className="text-base font-semibold text-ink">{t('insights.empty.title')}</h3>
      <p className="max-w-md text-sm text-muted">{t('insights.empty.hint', { count: Number(days) })}</p>
      <Link
        to={`/spark/${sparkId}?panel=deploy`}
        className="inline-flex min-h-10 items-center rounded-lg bg-primary px-4 text-sm font-medium text-white hover:bg-primary-strong"
      >
        {t('insights.empty.action')}
      </Link>
    </div>
  );
}
