import { INSIGHTS_PERIOD_DAYS } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { InsightsDays } from '../api/use-insights';

/** 7, 30 or 90 days as a segmented control: native radio buttons, so arrow keys move between them. */
export function PeriodPicker({ value, onChange }: { value: InsightsDays; onChange: (days: InsightsDays) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="inline-flex shrink-0 gap-1 rounded-lg border border-line bg-canvas p-1" data-testid="insights-period">
      <legend className="sr-only">{t('insights.stats.period')}</legend>
      {INSIGHTS_PERIOD_DAYS.map((days) => (
        <label key={days} className="relative cursor-pointer">
          <input
            type="radio"
            name={name}
            value={days}
            checked={value === days}
            onChange={() => onChange(days)}
            className="peer absolute inset-0 cursor-pointer opacity-0"
          />
          <span className="flex min-h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted peer-checked:bg-white peer-checked:text-ink peer-checked:shadow-sm peer-hover:text-ink peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary">
            {t('insights.stats.days', { count: Number(days) })}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
