import type { ChatMessage } from '@sparks/contract';

/** The conversation's latest answer: every message the Spark said since the visitor last wrote (a model's may be a form and a sentence). */
export function latestAnswer(history: readonly ChatMessage[]): ChatMessage[] {
  const lastHuman = history.findLastIndex((message) => message.type === 'human');
  return history.slice(lastHuman + 1).filter((message) => message.type === 'ai');
}
