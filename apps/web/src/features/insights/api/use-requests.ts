import { answerRequestRoute, deleteRequestRoute, listRequestsRoute, type VisitorRequest } from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

const requestsKey = (sparkId: string) => ['sparks', sparkId, 'requests'] as const;

/** Visitors' requests for a person, newest first. */
export function useRequests(sparkId: string) {
  return useQuery({ queryKey: requestsKey(sparkId), queryFn: (): Promise<VisitorRequest[]> => apiCall(listRequestsRoute, { params: { sparkId } }) });
}

/** Replying (e-mailed to the visitor, optionally added to the knowledge) and deleting a request with its address. */
export function useRequestActions(sparkId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: requestsKey(sparkId) });
  return {
    answer: useMutation({
      mutationFn: ({ requestId, ...body }: { requestId: string; answer: string; knowledge?: string }) =>
        apiCall(answerRequestRoute, { params: { sparkId, requestId }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (requestId: string) => apiCall(deleteRequestRoute, { params: { sparkId, requestId } }),
      onSuccess: refresh,
    }),
  };
}
