import type { ChatMessage } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { conversationStorage } from './conversation-storage';
import { usePendingBuilderMessage } from './pending-builder-message';
import { MemoryStorage } from '../../lib/memory-storage';

const messages: ChatMessage[] = [{ type: 'ai', data: { content: 'Hello' }, createdAt: '2026-03-10T12:00:00.000Z' }];

describe('stored conversations (product.md §3 keys)', () => {
  it('keeps builder chats by Spark and test chats by sparkId:testId, each with its user', () => {
    const memory = new MemoryStorage();
    const storage = conversationStorage(memory);
    storage.write({ kind: 'builder', sparkId: 's1' }, { conversationId: 'c1', messages, userId: 'u1' });
    storage.write({ kind: 'test', sparkId: 's1', testId: 't1' }, { conversationId: 'c2', messages, userId: 'u1' });
    storage.write({ kind: 'builder', sparkId: 's1' }, { conversationId: 'c3', messages: [], userId: 'u1' });

    expect(JSON.parse(memory.getItem('chat_conversations') ?? '')).toEqual([{ sparkId: 's1', conversationId: 'c3', messages: [], userId: 'u1' }]);
    expect(JSON.parse(memory.getItem('test_chat_conversations') ?? '')).toEqual([
      { key: 's1:t1', sparkId: 's1', testId: 't1', conversationId: 'c2', messages, userId: 'u1' },
    ]);
    expect(storage.read({ kind: 'test', sparkId: 's1', testId: 't1' })).toEqual({ conversationId: 'c2', messages, userId: 'u1' });
    expect(storage.read({ kind: 'test', sparkId: 's1', testId: 'other' })).toBeNull();
  });

  it('remembers the language a menu conversation began in, and reads no language it does not know', () => {
    const memory = new MemoryStorage();
    const storage = conversationStorage(memory);
    storage.write({ kind: 'system', topic: 'settings' }, { conversationId: 'c1', messages, userId: 'u1', language: 'es' });
    expect(storage.read({ kind: 'system', topic: 'settings' })).toEqual({ conversationId: 'c1', messages, userId: 'u1', language: 'es' });
    memory.setItem('sys_spark_conversations', JSON.stringify([{ sparkId: 'settings', conversationId: 'c2', messages, userId: 'u1', language: 'klingon' }]));
    expect(storage.read({ kind: 'system', topic: 'settings' })).toEqual({ conversationId: 'c2', messages, userId: 'u1' });
  });

  it('removes one conversation and survives unreadable storage', () => {
    const memory = new MemoryStorage();
    const storage = conversationStorage(memory);
    storage.write({ kind: 'builder', sparkId: 's1' }, { conversationId: 'c1', messages, userId: 'u1' });
    storage.write({ kind: 'builder', sparkId: 's2' }, { conversationId: 'c2', messages, userId: 'u1' });
    storage.remove({ kind: 'builder', sparkId: 's1' });
    expect(storage.read({ kind: 'builder', sparkId: 's1' })).toBeNull();
    expect(storage.read({ kind: 'builder', sparkId: 's2' })?.conversationId).toBe('c2');
    memory.setItem('chat_conversations', '{broken');
    expect(storage.read({ kind: 'builder', sparkId: 's2' })).toBeNull();
  });
});

describe('pending builder message', () => {
  it('is handed over once, with the time it may be sent', () => {
    const before = Date.now();
    usePendingBuilderMessage.getState().queue('s1', 'test not satisfactory', 500);
    const pending = usePendingBuilderMessage.getState().take('s1');
    expect(pending?.text).toBe('test not satisfactory');
    expect(pending?.sendAt).toBeGreaterThanOrEqual(before + 500);
    expect(usePendingBuilderMessage.getState().take('s1')).toBeNull();
  });
});
