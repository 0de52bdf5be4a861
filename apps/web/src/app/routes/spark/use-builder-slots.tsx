import { useTranslation } from 'react-i18next';
import type { AnswerSlots } from '../../../features/chat/answer-slots';
import { useDocuments } from '../../../features/documents/api/use-documents';
import { PassagePreview } from '../../../features/documents/components/passage-preview';
import { documentProblemText } from '../../../features/documents/document-messages';

/** What the builder chat borrows from the documents feature: a citation's passage, and why an upload failed. */
export function useBuilderSlots(sparkId: string): AnswerSlots {
  const { t } = useTranslation();
  // Shared with the documents button's query (same key): a failed upload's builder answer says why.
  const sparkDocuments = useDocuments(sparkId);
  return {
    citationPassage: (citation) => (citation.chunkId ? <PassagePreview sparkId={sparkId} citation={citation} /> : undefined),
    documentFailure: (documentId) => {
      const document = sparkDocuments.data?.find((item) => item._id === documentId);
      return document?.status === 'failed' && document.problem ? documentProblemText(t, document.problem, document.kind) : null;
    },
  };
}
