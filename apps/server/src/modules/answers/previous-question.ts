import { TEST_START_MESSAGE, type ChatMessage } from '@sparks/contract';

/**
 * The visitor's question before this one, for a follow-up's subject: the last one the Spark
 * answered. What they wrote to a person who had the conversation (answered by the person, or by
 * nobody), a request for a person and the test chat's opening word name no subject of theirs.
 */
export function previousQuestion(history: readonly ChatMessage[]): string | null {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index]!;
    const content = message.data.content?.trim() ?? '';
    if (message.type !== 'human' || !content || content.toLowerCase() === TEST_START_MESSAGE) continue;
    const reply = history.slice(index + 1).find((next) => next.type !== 'notice');
    if (reply?.type === 'ai' && !reply.data.asksForPerson) return content;
  }
  return null;
}
