import type { LiveMessage } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { applyEvent, isVisitorTyping, lastSeq, mergeMessages, type LiveThread } from './live-thread';

const message = (seq: number, role: LiveMessage['role'] = 'visitor', content = `m${seq}`): LiveMessage => ({
  seq,
  role,
  content,
  createdAt: '2026-11-27T10:00:00.000Z',
});
const event = (name: string, data: unknown) => ({ event: name, data: JSON.stringify(data) });

describe('a live thread', () => {
  it('keeps each message once and in order, however often it is heard', () => {
    const merged = mergeMessages([message(1), message(2)], [message(3), message(2), message(1)]);
    expect(merged.map((item) => item.seq)).toEqual([1, 2, 3]);
    expect(lastSeq(merged)).toBe(3);
    expect(lastSeq([])).toBeUndefined();
  });

  it('adds streamed messages and follows the state', () => {
    const start: LiveThread = { messages: [message(1)], takenOver: null };
    const withReply = applyEvent(start, event('message', message(2, 'spark')));
    expect(withReply.messages.map((item) => item.role)).toEqual(['visitor', 'spark']);
    const takenOver = { name: 'Ada', at: '2026-11-27T10:01:00.000Z', handBackMinutes: 10 };
    expect(applyEvent(withReply, event('state', { takenOver })).takenOver).toEqual(takenOver);
    expect(applyEvent({ ...withReply, takenOver }, event('state', { takenOver: null })).takenOver).toBeNull();
  });

  it('leaves the thread as it was for pings, unreadable data and messages of another shape', () => {
    const start: LiveThread = { messages: [message(1)], takenOver: null };
    expect(applyEvent(start, event('ping', {}))).toBe(start);
    expect(applyEvent(start, { event: 'message', data: 'not json' })).toBe(start);
    expect(applyEvent(start, event('message', { seq: 'x' }))).toBe(start);
  });

  it('hears the visitor typing, never the owner', () => {
    expect(isVisitorTyping(event('typing', { role: 'visitor' }))).toBe(true);
    expect(isVisitorTyping(event('typing', { role: 'owner' }))).toBe(false);
    expect(isVisitorTyping(event('state', { role: 'visitor' }))).toBe(false);
  });
});
