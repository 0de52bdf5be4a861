import { planUsageRoute, type PlanUsage } from '@sparks/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const PLAN_USAGE_KEY = ['billing', 'usage'] as const;

/** What the account uses of its plan now: this month's interactions, its Sparks and its documents. */
export function usePlanUsage() {
  return useQuery({ queryKey: PLAN_USAGE_KEY, queryFn: async (): Promise<PlanUsage> => apiCall(planUsageRoute) });
}
