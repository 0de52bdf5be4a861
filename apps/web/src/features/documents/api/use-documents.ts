import type { SparkDocument } from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorDialog } from '../../../lib/error-dialog-store';
import { pollInterval } from '../document-rules';
import { documentsCalls } from './documents-calls';

export const documentsKey = (sparkId: string) => ['sparks', sparkId, 'documents'] as const;

/** A Spark's documents, newest first, kept live while any of them is still being read. */
export function useDocuments(sparkId: string) {
  return useQuery({
    queryKey: documentsKey(sparkId),
    queryFn: () => documentsCalls.list(sparkId),
    enabled: Boolean(sparkId),
    refetchInterval: (query) => pollInterval(query.state.data),
  });
}

/** Puts a new or changed document at the top of the cached list, so it shows before the next poll. */
export function useRememberDocument(sparkId: string) {
  const queryClient = useQueryClient();
  return (document: SparkDocument) => {
    queryClient.setQueryData<SparkDocument[]>(documentsKey(sparkId), (list) => [document, ...(list ?? []).filter((item) => item._id !== document._id)]);
    void queryClient.invalidateQueries({ queryKey: documentsKey(sparkId) });
  };
}

/** Deletes a document; it leaves the list at once and comes back should the delete fail. */
export function useDeleteDocument(sparkId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showError = useErrorDialog((state) => state.show);
  const key = documentsKey(sparkId);
  return useMutation({
    mutationFn: (documentId: string) => documentsCalls.remove(sparkId, documentId),
    onMutate: async (documentId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<SparkDocument[]>(key);
      queryClient.setQueryData<SparkDocument[]>(key, (list) => list?.filter((item) => item._id !== documentId));
      return { before };
    },
    onError: (error: Error & { status?: number }, _documentId, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      // Already gone (deleted elsewhere) is what the user wanted.
      if (error.status !== 404) showError(t('documents.deleteFailed'));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** What a refused reading says: the trial is over, the document is being read, its file is gone. */
const READ_AGAIN_ERRORS: Record<number, string> = {
  402: 'documents.readAgainTrialEnded',
  404: 'documents.readAgainGone',
  409: 'documents.readAgainBusy',
};

/**
 * Reads a document again with what reading knows now; the new version shows at once, read while
 * the current one keeps answering. A document already being read, or whose file is gone, says
 * so; anything else is a plain failure to try again.
 */
export function useReadDocumentAgain(sparkId: string) {
  const { t } = useTranslation();
  const remember = useRememberDocument(sparkId);
  const showError = useErrorDialog((state) => state.show);
  return useMutation({
    mutationFn: (documentId: string) => documentsCalls.readAgain(sparkId, documentId),
    onSuccess: remember,
    onError: (error: Error & { status?: number }) => showError(t(READ_AGAIN_ERRORS[error.status ?? 0] ?? 'documents.readAgainFailed')),
  });
}
