import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { peakOf, scaleTop } from '../insights-rules';
import { ChartTable } from './chart-table';

const SLOT = 10;
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Questions by hour of the day (UTC), as 24 bars: when visitors ask, so the owner knows when answers matter most. */
export function BusiestHoursChart({ hours }: { hours: readonly number[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const top = scaleTop(hours);
  const peak = peakOf(
    hours.map((count, hour) => ({ count, hour })),
    (entry) => entry.count,
  );
  const summary = peak
    ? t('insights.hours.summary', { from: hourLabel(peak.hour), to: hourLabel((peak.hour + 1) % 24), count: peak.count })
    : t('insights.hours.none');
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5">
      <div>
        <h3 id={titleId} className="text-base font-semibold text-ink">
          {t('insights.hours.title')}
        </h3>
        <p className="text-sm text-muted">{summary}</p>
      </div>
      <div>
        <svg viewBox={`0 0 ${24 * SLOT} 100`} preserveAspectRatio="none" className="h-28 w-full" role="img" aria-label={summary}>
          <line x1={0} x2={24 * SLOT} y1={100} y2={100} className="stroke-line" vectorEffect="non-scaling-stroke" />
          {hours.map((count, hour) => {
            const height = count === 0 ? 0 : Math.max(2, (count / top) * 100);
            return (
              <g key={hour}>
                <title>{t('insights.hours.bar', { from: hourLabel(hour), to: hourLabel((hour + 1) % 24), count })}</title>
                <rect x={hour * SLOT} y={0} width={SLOT} height={100} fill="transparent" />
                <rect
                  x={hour * SLOT + 1.5}
                  y={100 - height}
                  width={SLOT - 3}
                  height={height}
                  rx={1}
                  className={peak?.hour === hour ? 'fill-primary' : 'fill-primary/40'}
                />
              </g>
            );
          })}
        </svg>
        <div className="mt-1 flex justify-between text-xs text-muted tabular-nums" aria-hidden="true">
          {[0, 6, 12, 18, 24].map((hour) => (
            <span key={hour}>{String(hour).padStart(2, '0')}</span>
          ))}
        </div>
      </div>
      <ChartTable
        caption={t('insights.hours.title')}
        columns={[t('insights.hours.hour'), t('insights.hours.questions')]}
        rows={hours.map((count, hour) => [`${hourLabel(hour)}–${hourLabel((hour + 1) % 24)}`, count] as const)}
      />
    </section>
  );
}
