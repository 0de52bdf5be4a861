import type { LiveConversation, LiveState } from '@sparks/contract';
import { questionLanguage } from '../../llm/question-language.js';
import { liveMessage } from './live-message.js';
import type { LiveRow, StoredMessage } from './live-repository.js';

/** Who holds a conversation, as both screens show it. */
export const stateOf = (row: LiveRow): LiveState => ({
  takenOver: row.takenOverAt ? { name: row.takenOverName ?? '', at: row.takenOverAt.toISOString(), handBackMinutes: row.handBackMinutes ?? 0 } : null,
});

/** A conversation in the Live view's list: the visitor's language, the last words (not a notice), and what calls for a person. */
export function liveSummary(row: LiveRow, recent: StoredMessage[], votedDown: boolean, count: number): LiveConversation {
  const messages = recent.flatMap((message) => liveMessage(message) ?? []);
  const last = messages.findLast((message) => message.role !== 'notice') ?? messages.at(-1);
  const visitorWords = messages.findLast((message) => message.role === 'visitor')?.content;
  return {
    id: row.id,
    channel: row.channel ?? 'widget',
    language: visitorWords ? questionLanguage(visitorWords, 'en') : null,
    lastMessage: last?.content ?? '',
    lastRole: last?.role ?? 'visitor',
    lastAt: (last ? new Date(last.createdAt) : row.updatedAt).toISOString(),
    startedAt: row.createdAt.toISOString(),
    messages: count,
    // A request a person has answered since no longer calls for one.
    askedForPerson: messages.findLastIndex((message) => message.askedForPerson === true) > messages.findLastIndex((message) => message.role === 'owner'),
    votedDown,
    takenOver: stateOf(row).takenOver,
  };
}
