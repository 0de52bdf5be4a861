import type { Insights } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { peakOf, scaleTop, utcDay } from '../insights-rules';
import { ChartTable } from './chart-table';

/** Units of the drawing: each day is a slot of SLOT wide, the height is 100 (stretched to the box). */
const SLOT = 10;

/**
 * Questions (wide, light bars) and conversations (narrow, dark bars in front) for each day of the
 * period, oldest on the left. The drawing stretches to any width; its labels are text beside it.
 */
export function PerDayChart({ perDay, totals }: { perDay: Insights['perDay']; totals: Insights['totals'] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const longDay = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const top = scaleTop(perDay.map((entry) => Math.max(entry.questions, entry.conversations)));
  const height = (value: number) => (value === 0 ? 0 : Math.max(1.5, (value / top) * 100));
  const peak = peakOf(perDay, (entry) => entry.questions);
  const summary = [
    t('insights.perDay.summary', { days: perDay.length, conversations: number.format(totals.conversations), questions: number.format(totals.questions) }),
    peak ? t('insights.perDay.peak', { day: longDay.format(utcDay(peak.date)), count: peak.questions }) : '',
  ].join(' ');
  const first = perDay[0];
  const middle = perDay[Math.floor(perDay.length / 2)];
  const last = perDay.at(-1);
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-ink">
          {t('insights.perDay.title')}
        </h3>
        <ul className="flex gap-4 text-xs text-muted" aria-hidden="true">
          <li className="flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-secondary/25" />
            {t('insights.perDay.questions')}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-secondary" />
            {t('insights.perDay.conversations')}
          </li>
        </ul>
      </div>
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div className="flex h-40 flex-col justify-between text-right text-xs text-muted tabular-nums" aria-hidden="true">
          <span className="-mt-1.5">{number.format(top)}</span>
          <span>{Number.isInteger(top / 2) ? number.format(top / 2) : ''}</span>
          <span className="-mb-1.5">0</span>
        </div>
        <svg viewBox={`0 0 ${perDay.length * SLOT} 100`} preserveAspectRatio="none" className="h-40 w-full overflow-visible" role="img" aria-label={summary}>
          {[0, 50, 100].map((y) => (
            <line key={y} x1={0} x2={perDay.length * SLOT} y1={y} y2={y} className="stroke-line" vectorEffect="non-scaling-stroke" />
          ))}
          {perDay.map((entry, index) => (
            <g key={entry.date}>
              <title>
                {t('insights.perDay.bar', { day: longDay.format(utcDay(entry.date)), questions: entry.questions, conversations: entry.conversations })}
              </title>
              {/* A full-height strip, so the day's tooltip shows wherever the pointer is in its column. */}
              <rect x={index * SLOT} y={0} width={SLOT} height={100} fill="transparent" />
              <rect x={index * SLOT + 1} y={100 - height(entry.questions)} width={SLOT - 2} height={height(entry.questions)} className="fill-secondary/25" />
              <rect
                x={index * SLOT + 3}
                y={100 - height(entry.conversations)}
                width={SLOT - 6}
                height={height(entry.conversations)}
                className="fill-secondary"
              />
            </g>
          ))}
        </svg>
        <div className="col-start-2 mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
          {[first, middle, last].map((entry, index) => (
            <span key={index}>{entry ? day.format(utcDay(entry.date)) : ''}</span>
          ))}
        </div>
      </div>
      <ChartTable
        caption={t('insights.perDay.title')}
        columns={[t('insights.perDay.date'), t('insights.perDay.conversations'), t('insights.perDay.questions')]}
        rows={[...perDay].reverse().map((entry) => [longDay.format(utcDay(entry.date)), entry.conversations, entry.questions] as const)}
      />
    </section>
  );
}
