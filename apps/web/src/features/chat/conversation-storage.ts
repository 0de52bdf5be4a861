import { chatMessageSchema, LANGUAGES, type ChatMessage, type Language, type SystemTopic } from '@sparks/contract';
import { STORAGE_KEYS } from '@sparks/contract/constants';
import { browserStorage, type KeyValueStorage } from '../../lib/session-store';

/** Which conversation a chat shows: a Spark's builder chat, one of its test chats, or a system-assistant topic. */
export type ChatTarget = { kind: 'builder'; sparkId: string } | { kind: 'test'; sparkId: string; testId: string } | { kind: 'system'; topic: SystemTopic };

export interface StoredConversation {
  conversationId: string;
  messages: ChatMessage[];
  userId: string;
  /** The language the conversation began in (entries written before it was kept have none). */
  language?: Language;
}

interface Entry extends StoredConversation {
  sparkId: string;
  testId?: string;
  key?: string;
}

const STORAGE_KEY_OF = {
  builder: STORAGE_KEYS.chatConversations,
  test: STORAGE_KEYS.testChatConversations,
  system: STORAGE_KEYS.sysSparkConversations,
} as const;
const storageKey = (target: ChatTarget) => STORAGE_KEY_OF[target.kind];

/** product.md §3: builder entries are found by Spark, test entries by 'sparkId:testId', system entries by their topic (in sparkId). */
const matches = (target: ChatTarget) => (entry: Entry) => {
  if (target.kind === 'builder') return entry.sparkId === target.sparkId;
  if (target.kind === 'system') return entry.sparkId === target.topic;
  return entry.key === `${target.sparkId}:${target.testId}`;
};

function entryFor(target: ChatTarget, conversation: StoredConversation): Entry {
  if (target.kind === 'builder') return { sparkId: target.sparkId, ...conversation };
  if (target.kind === 'system') return { sparkId: target.topic, ...conversation };
  return { key: `${target.sparkId}:${target.testId}`, sparkId: target.sparkId, testId: target.testId, ...conversation };
}

function readAll(storage: KeyValueStorage | undefined, target: ChatTarget): Entry[] {
  try {
    const parsed = JSON.parse(storage?.getItem(storageKey(target)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed.filter((entry) => typeof entry === 'object' && entry !== null) as Entry[]) : [];
  } catch {
    return [];
  }
}

function writeAll(storage: KeyValueStorage | undefined, target: ChatTarget, entries: Entry[]): void {
  try {
    storage?.setItem(storageKey(target), JSON.stringify(entries));
  } catch (error) {
    // A full storage only costs the quick restore: the server keeps the conversation.
    console.warn('[chat] could not store the conversation', error);
  }
}

/**
 * The conversations kept in local storage under the spec's keys, so a chat shows at once on
 * return; the server's history stays the source of truth and replaces them when it answers.
 */
export function conversationStorage(storage: KeyValueStorage | undefined = browserStorage()) {
  return {
    read(target: ChatTarget): StoredConversation | null {
      const entry = readAll(storage, target).find(matches(target));
      if (!entry || typeof entry.conversationId !== 'string') return null;
      const messages = chatMessageSchema.array().safeParse(entry.messages);
      const language = LANGUAGES.find((code) => code === entry.language);
      return { conversationId: entry.conversationId, messages: messages.success ? messages.data : [], userId: entry.userId, ...(language ? { language } : {}) };
    },
    write(target: ChatTarget, conversation: StoredConversation): void {
      const entry = entryFor(target, conversation);
      writeAll(storage, target, [...readAll(storage, target).filter((other) => !matches(target)(other)), entry]);
    },
    remove(target: ChatTarget): void {
      const entries = readAll(storage, target);
      const kept = entries.filter((entry) => !matches(target)(entry));
      if (kept.length !== entries.length) writeAll(storage, target, kept);
    },
  };
}
