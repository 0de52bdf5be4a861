import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from './session-store';
import { storageBelongsToOtherUser } from './storage-owner';

const storageWith = (entries: Record<string, string>): KeyValueStorage => ({
  getItem: (key) => entries[key] ?? null,
  setItem: () => undefined,
  removeItem: () => undefined,
  key: (index) => Object.keys(entries)[index] ?? null,
  length: Object.keys(entries).length,
});

describe('storageBelongsToOtherUser', () => {
  it('is false for an empty storage or the same user', () => {
    expect(storageBelongsToOtherUser(storageWith({}), 'u1')).toBe(false);
    expect(storageBelongsToOtherUser(storageWith({ chat_conversations: JSON.stringify([{ userId: 'u1', sparkId: 's' }]) }), 'u1')).toBe(false);
  });

  it('is true when any conversation list holds another user id', () => {
    expect(storageBelongsToOtherUser(storageWith({ test_chat_conversations: JSON.stringify([{ userId: 'u2' }]) }), 'u1')).toBe(true);
  });

  it('ignores corrupt entries rather than failing', () => {
    expect(storageBelongsToOtherUser(storageWith({ chat_conversations: '{not json' }), 'u1')).toBe(false);
  });
});
