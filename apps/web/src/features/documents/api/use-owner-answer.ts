import { getOwnerAnswerRoute, updateOwnerAnswerRoute } from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { documentsKey } from './use-documents';

/** An owner answer's question and text, to edit them. */
export function useOwnerAnswer(sparkId: string, documentId: string | null) {
  return useQuery({
    queryKey: ['sparks', sparkId, 'answers', documentId],
    queryFn: () => apiCall(getOwnerAnswerRoute, { params: { sparkId, documentId: documentId ?? '' } }),
    enabled: Boolean(documentId),
  });
}

/** Saving an edit makes the answer's next version: the documents list shows it being read. */
export function useUpdateOwnerAnswer(sparkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: { documentId: string; question: string; answer: string }) =>
      apiCall(updateOwnerAnswerRoute, { params: { sparkId, documentId: edit.documentId }, body: { question: edit.question, answer: edit.answer } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey(sparkId) }),
  });
}
