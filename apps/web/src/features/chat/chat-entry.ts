import type { ChatMessage } from '@sparks/contract';
import type { ChatEntry } from './chat-reducer';
import { isNewMessage, messageDelayMs, unsupportedReason } from './chat-rules';

let entrySequence = 0;

/**
 * `live` messages arrived while the chat is open: they wait for their delay and fade in, except
 * text the user already watched being written, which simply stays.
 */
export function entryOf(message: ChatMessage, live: { streamed: boolean } | null): ChatEntry {
  entrySequence += 1;
  const now = Date.now();
  return {
    key: `m${entrySequence}`,
    message,
    revealAt: live && !live.streamed ? now + messageDelayMs(message) : 0,
    fresh: live ? !live.streamed : isNewMessage(message.createdAt, now),
  };
}

export function warnIfUnsupported(message: ChatMessage): void {
  const reason = unsupportedReason(message);
  if (reason) console.warn(`[chat] ${reason}; it is not shown`);
}
