import type { ChatMessage } from '@sparks/contract';
import type { ModelMessage } from 'ai';

/** How much of a conversation a model sees: the newest messages, within both bounds. */
export const HISTORY_LIMITS = { messages: 20, characters: 12_000 } as const;

/** A person's message in the model's history: what they said, marked as theirs, never as the assistant's own words. */
const fromPerson = (message: ChatMessage, content: string): string => {
  const name = typeof message.data.name === 'string' && message.data.name.trim() ? message.data.name.trim() : 'A person';
  return `[${name}, of the team, wrote to the visitor while they had the conversation:] ${content}`;
};

/**
 * Human and ai text turns, and what a person who took a visitor's conversation over wrote, newest
 * kept, within HISTORY_LIMITS; cards, events and notices are not conversation.
 */
export function historyForModel(messages: readonly ChatMessage[]): ModelMessage[] {
  const turns: ModelMessage[] = [];
  let characters = 0;
  for (const message of [...messages].reverse()) {
    const said = message.data.content?.trim();
    if (!said || (message.type !== 'human' && message.type !== 'ai' && message.type !== 'owner')) continue;
    const content = message.type === 'owner' ? fromPerson(message, said) : said;
    if (turns.length >= HISTORY_LIMITS.messages || characters + content.length > HISTORY_LIMITS.characters) break;
    characters += content.length;
    turns.push(message.type === 'human' ? { role: 'user', content } : { role: 'assistant', content });
  }
  return turns.reverse();
}
