import type { Insights } from '@sparks/contract';
import type { InsightsDays } from '../api/use-insights';
import { isQuiet } from '../insights-rules';
import { BusiestHoursChart } from './busiest-hours-chart';
import { DocumentsUsage } from './documents-usage';
import { InsightsEmpty } from './insights-empty';
import { PerDayChart } from './per-day-chart';
import { StatTiles } from './stat-tiles';
import { TopQuestions } from './top-questions';

/** A period's figures: tiles, the daily chart, the busiest hours, the top questions and the documents' use. */
export function StatsFigures({ sparkId, days, insights }: { sparkId: string; days: InsightsDays; insights: Insights }) {
  if (isQuiet(insights)) return <InsightsEmpty sparkId={sparkId} days={days} />;
  return (
    <div className="space-y-4">
      <StatTiles totals={insights.totals} />
      <PerDayChart perDay={insights.perDay} totals={insights.totals} />
      <div className="grid gap-4 lg:grid-cols-2">
        <TopQuestions questions={insights.topQuestions} />
        <BusiestHoursChart hours={insights.busiestHours} />
      </div>
      <DocumentsUsage citedMost={insights.citedMost} neverCited={insights.neverCited} />
    </div>
  );
}
