import { answerGapRoute, checkGapRoute, listGapsRoute, resolveGapRoute, type AnswerGapBody, type KnowledgeGap } from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

const gapsKey = (sparkId: string) => ['sparks', sparkId, 'gaps'] as const;

/** The knowledge-gap inbox: open questions, or those already resolved. */
export function useGaps(sparkId: string, status: 'open' | 'resolved') {
  return useQuery({
    queryKey: [...gapsKey(sparkId), status],
    queryFn: (): Promise<KnowledgeGap[]> => apiCall(listGapsRoute, { params: { sparkId }, query: { status } }),
  });
}

/** Answering, attaching a document or dismissing: each moves the question from the open list to the resolved one. */
export function useGapActions(sparkId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: gapsKey(sparkId) });
  return {
    answer: useMutation({
      mutationFn: ({ gapId, ...body }: AnswerGapBody & { gapId: string }) => apiCall(answerGapRoute, { params: { sparkId, gapId }, body }),
      onSuccess: async () => {
        await refresh();
        // The answer is a new document, and a saved test case.
        await queryClient.invalidateQueries({ queryKey: ['sparks', sparkId] });
      },
    }),
    resolve: useMutation({
      mutationFn: ({ gapId, by }: { gapId: string; by: 'document' | 'dismissed' }) => apiCall(resolveGapRoute, { params: { sparkId, gapId }, body: { by } }),
      onSuccess: refresh,
    }),
  };
}

/** The question asked again of the Spark as it is now. */
export function useGapCheck(sparkId: string) {
  return useMutation({ mutationFn: (gapId: string) => apiCall(checkGapRoute, { params: { sparkId, gapId } }) });
}
