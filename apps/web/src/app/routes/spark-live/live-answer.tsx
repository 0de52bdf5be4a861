import type { ChatMessage, LiveMessage } from '@sparks/contract';
import { AiMessage } from '../../../features/chat/components/ai-message';
import { PassagePreview } from '../../../features/documents/components/passage-preview';

/**
 * A Spark's answer in the Live view as the test chat shows it: its Markdown with a chip for each
 * source it cites, and the chip opens the passage (the whole of it, when it is still there).
 */
export function LiveAnswer({ sparkId, message }: { sparkId: string; message: LiveMessage }) {
  const answer: ChatMessage = {
    type: 'ai',
    data: { content: message.content, ...(message.citations ? { citations: message.citations } : {}) },
    createdAt: message.createdAt,
  };
  return (
    <AiMessage
      message={answer}
      onSend={() => undefined}
      disabled
      slots={{ citationPassage: (citation) => (citation.chunkId ? <PassagePreview sparkId={sparkId} citation={citation} /> : undefined) }}
    />
  );
}
