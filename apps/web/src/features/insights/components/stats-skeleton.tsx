import { useTranslation } from 'react-i18next';

const BLOCK = 'rounded-2xl border border-line bg-white p-4 shadow-sm';
const BAR = 'rounded bg-line/70 motion-safe:animate-pulse';

/** The figures' shapes while they load, so the screen does not jump when they arrive. */
export function StatsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4" data-testid="insights-loading">
      <p role="status" className="sr-only">
        {t('insights.stats.loading')}
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className={`${BLOCK} space-y-2`}>
            <div className={`${BAR} h-8 w-16`} />
            <div className={`${BAR} h-3 w-24`} />
          </div>
        ))}
      </div>
      <div className={`${BLOCK} space-y-3`} aria-hidden="true">
        <div className={`${BAR} h-4 w-56`} />
        <div className={`${BAR} h-40 w-full`} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2" aria-hidden="true">
        {[0, 1].map((index) => (
          <div key={index} className={`${BLOCK} space-y-3`}>
            <div className={`${BAR} h-4 w-40`} />
            <div className={`${BAR} h-24 w-full`} />
          </div>
        ))}
      </div>
    </div>
  );
}
