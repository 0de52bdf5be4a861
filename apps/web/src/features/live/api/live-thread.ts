import { liveMessageSchema, liveStateSchema, type LiveMessage, type Takeover } from '@sparks/contract';
import type { StreamEvent } from '@sparks/contract/event-stream';
import { eventData } from './follow-stream';

/** What the owner's screen knows of one conversation: its messages in order, and who has it. */
export interface LiveThread {
  messages: LiveMessage[];
  takenOver: Takeover | null;
}

/** Adds messages by their `seq`: one heard twice (the catch-up after a reconnect, the transcript) is kept once. */
export function mergeMessages(current: LiveMessage[], arrived: LiveMessage[]): LiveMessage[] {
  const bySeq = new Map(current.map((message) => [message.seq, message]));
  for (const message of arrived) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export const lastSeq = (messages: LiveMessage[]): number | undefined => messages.at(-1)?.seq;

/** What one event of a conversation's stream changes; `typing` is handled apart, as it is never stored. */
export function applyEvent(thread: LiveThread, event: StreamEvent): LiveThread {
  const data = eventData(event);
  if (event.event === 'message') {
    const message = liveMessageSchema.safeParse(data);
    return message.success ? { ...thread, messages: mergeMessages(thread.messages, [message.data]) } : thread;
  }
  if (event.event === 'state') {
    const state = liveStateSchema.safeParse(data);
    return state.success ? { ...thread, takenOver: state.data.takenOver } : thread;
  }
  return thread;
}

/** Whether the event says the visitor is typing (each side hears only the other). */
export function isVisitorTyping(event: StreamEvent): boolean {
  const data = eventData(event) as { role?: unknown } | undefined;
  return event.event === 'typing' && data?.role === 'visitor';
}
