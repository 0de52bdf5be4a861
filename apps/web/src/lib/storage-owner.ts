import { STORAGE_KEYS } from '@sparks/contract/constants';
import type { KeyValueStorage } from './session-store';

const CONVERSATION_KEYS = [STORAGE_KEYS.chatConversations, STORAGE_KEYS.sysSparkConversations, STORAGE_KEYS.testChatConversations];

/** product.md §4: stored conversations that belong to another user mean the storage is not this user's. */
export function storageBelongsToOtherUser(storage: KeyValueStorage | undefined, userId: string): boolean {
  if (!storage) return false;
  return CONVERSATION_KEYS.some((key) => {
    try {
      const entries = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
      return Array.isArray(entries) && entries.some((entry) => typeof entry === 'object' && entry !== null && 'userId' in entry && entry.userId !== userId);
    } catch {
      return false;
    }
  });
}
