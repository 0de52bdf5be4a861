import type { ChatMessage } from '@sparks/contract';
import type { ModelMessage } from 'ai';

/** How much of a conversation a model sees: the newest messages, within both bounds. */
export const HISTORY_LIMITS = { messages: 20, characters: 12_000 } as const;

/** Human and ai text turns, newest kept, within HISTORY_LIMITS; cards and events are not conversation. */
export function historyForModel(messages: readonly ChatMessage[]): ModelMessage[] {
  const turns: ModelMessage[] = [];
  let characters = 0;
  for (const message of [...messages].reverse()) {
    const content = message.data.content?.trim();
    if (!content || (message.type !== 'human' && message.type !== 'ai')) continue;
    if (turns.length >= HISTORY_LIMITS.messages || characters + content.length > HISTORY_LIMITS.characters) break;
    characters += content.length;
    turns.push(message.type === 'human' ? { role: 'user', content } : { role: 'assistant', content });
  }
  return turns.reverse();
}
