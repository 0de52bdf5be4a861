import { reportObjectiveStepRoute, type StepStatus } from '@sparks/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { OBJECTIVES_KEY } from './use-objectives';

/** product.md §7 PATCH /objectives/deploy or /objectives/{sparkId}: a step only the user can report. */
export function useReportObjectiveStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scope, stepId, status }: { scope: string; stepId: string; status: StepStatus }) =>
      apiCall(reportObjectiveStepRoute, { params: { id: scope }, body: { stepId, status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OBJECTIVES_KEY }),
  });
}
