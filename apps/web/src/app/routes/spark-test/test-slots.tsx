import type { AnswerSlots } from '../../../features/chat/answer-slots';
import { PassagePreview } from '../../../features/documents/components/passage-preview';
import { RetrievalInspector } from '../../../features/documents/components/retrieval-inspector';
import { AnswerFeedback, isVotable } from '../../../features/feedback/components/answer-feedback';

/** A citation opens its whole passage; an answer built from passages says which and why, and can be voted on. */
export function testSlots(sparkId: string): AnswerSlots {
  return {
    citationPassage: (citation) => (citation.chunkId ? <PassagePreview sparkId={sparkId} citation={citation} /> : undefined),
    details: (message) => (
      <>
        {message.data.sources?.length ? <RetrievalInspector sources={message.data.sources} citations={message.data.citations ?? []} /> : null}
        {isVotable(message) && <AnswerFeedback sparkId={sparkId} message={message} />}
      </>
    ),
  };
}
