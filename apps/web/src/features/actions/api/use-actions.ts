import {
  actionRunsRoute,
  createActionRoute,
  deleteActionRoute,
  listActionsRoute,
  tryActionRoute,
  updateActionRoute,
  type Action,
  type ActionBody,
  type ActionRun,
  type ActionTrial,
} from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const actionsKey = (sparkId: string) => ['sparks', sparkId, 'actions'] as const;
export const actionRunsKey = (sparkId: string) => ['sparks', sparkId, 'action-runs'] as const;

/** A Spark's actions, a secret header's value never among them. */
export function useActions(sparkId: string) {
  return useQuery({
    queryKey: actionsKey(sparkId),
    queryFn: async (): Promise<Action[]> => apiCall(listActionsRoute, { params: { sparkId } }),
    enabled: Boolean(sparkId),
  });
}

/** The Spark's latest runs of its actions, newest first, a sensitive input masked as it was logged. */
export function useActionRuns(sparkId: string) {
  return useQuery({
    queryKey: actionRunsKey(sparkId),
    queryFn: async (): Promise<ActionRun[]> => apiCall(actionRunsRoute, { params: { sparkId } }),
    enabled: Boolean(sparkId),
    // Visitors' runs arrive without anything here to say so: each opening of the panel reads them afresh.
    staleTime: 0,
  });
}

/** Adding, saving and removing actions; the list is read again after each change. */
export function useActionMutations(sparkId: string) {
  const queryClient = useQueryClient();
  const rereadActions = () => queryClient.invalidateQueries({ queryKey: actionsKey(sparkId) });
  return {
    create: useMutation({
      mutationFn: async (body: ActionBody): Promise<Action> => apiCall(createActionRoute, { params: { sparkId }, body }),
      onSuccess: rereadActions,
    }),
    update: useMutation({
      mutationFn: async ({ actionId, body }: { actionId: string; body: ActionBody }): Promise<Action> =>
        apiCall(updateActionRoute, { params: { sparkId, actionId }, body }),
      onSuccess: rereadActions,
    }),
    remove: useMutation({
      mutationFn: async (actionId: string) => {
        await apiCall(deleteActionRoute, { params: { sparkId, actionId } });
      },
      onSuccess: rereadActions,
    }),
  };
}

/**
 * "Try it" for one action: each action's form keeps its own result. The runs are read again after
 * each try, a failed one included (only inputs refused before running leave no run).
 */
export function useTryAction(sparkId: string, actionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inputs: Record<string, string>): Promise<ActionTrial> => apiCall(tryActionRoute, { params: { sparkId, actionId }, body: { inputs } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: actionRunsKey(sparkId) }),
  });
}

export type ActionMutations = ReturnType<typeof useActionMutations>;
