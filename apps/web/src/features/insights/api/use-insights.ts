import { insightsRoute, type Insights, type INSIGHTS_PERIOD_DAYS } from '@sparks/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export type InsightsDays = (typeof INSIGHTS_PERIOD_DAYS)[number];

export const insightsKey = (sparkId: string, days: InsightsDays) => ['sparks', sparkId, 'insights', days] as const;

/** What the Spark's website visitors did over the period; the previous period stays on screen while another loads. */
export function useInsights(sparkId: string, days: InsightsDays) {
  return useQuery({
    queryKey: insightsKey(sparkId, days),
    queryFn: async (): Promise<Insights> => apiCall(insightsRoute, { params: { sparkId }, query: { days } }),
    enabled: Boolean(sparkId),
    placeholderData: keepPreviousData,
  });
}
