import type { TestRun } from '@sparks/contract';
import { useTranslation } from 'react-i18next';

const WIDTH = 240;
const HEIGHT = 56;
const PAD = 4;

/** Pass rates of the finished runs, oldest to newest, as a small line with a dot per run. */
export function PassRateChart({ runs }: { runs: readonly TestRun[] }) {
  const { t } = useTranslation();
  const finished = runs.filter((run) => run.status === 'done' && run.total > 0).reverse();
  if (finished.length < 2) return null;
  const rates = finished.map((run) => run.passed / run.total);
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / (rates.length - 1);
  const y = (rate: number) => HEIGHT - PAD - rate * (HEIGHT - 2 * PAD);
  const points = rates.map((rate, index) => `${x(index).toFixed(1)},${y(rate).toFixed(1)}`).join(' ');
  const summary = t('testCases.chart.summary', { count: finished.length, rates: rates.map((rate) => `${Math.round(rate * 100)} %`).join(', ') });
  return (
    <figure className="space-y-1">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-14 w-full max-w-[240px]" role="img" aria-label={summary} data-testid="pass-rate-chart">
        <line x1={PAD} x2={WIDTH - PAD} y1={y(1)} y2={y(1)} className="stroke-line" strokeDasharray="3 3" />
        <polyline points={points} fill="none" className="stroke-primary" strokeWidth="2" strokeLinejoin="round" />
        {rates.map((rate, index) => (
          <circle key={finished[index]!._id} cx={x(index)} cy={y(rate)} r="3" className={rate === 1 ? 'fill-green-600' : 'fill-red-600'} />
        ))}
      </svg>
      <figcaption className="text-xs text-muted">{t('testCases.chart.caption')}</figcaption>
    </figure>
  );
}
