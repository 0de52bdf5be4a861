import { START_MESSAGES, TEST_START_MESSAGE, type ChatMessage, type Language } from '@sparks/contract';
import { useCallback } from 'react';
import { ApiError } from '../../lib/api-client';
import { chatCalls } from './api/chat-calls';
import { entryOf, warnIfUnsupported } from './chat-entry';
import { isEventMessage, needsDeployGreeting, startsAfresh } from './chat-rules';
import type { ChatTarget, StoredConversation } from './conversation-storage';
import { usePendingBuilderMessage } from './pending-builder-message';
import type { ChatSession } from './use-chat-session';

/** Whether the conversation still has to be opened with a start message; null once the chat has been left. */
type NeedsStart = Promise<boolean | null>;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/** What the app sends, hidden, to open a conversation: the test's 'inicio', or the start phrase of the language. */
const startMessageOf = (target: ChatTarget, language: Language) => (target.kind === 'test' ? TEST_START_MESSAGE : START_MESSAGES[language]);

function shownMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const shown = messages.filter((message) => !isEventMessage(message));
  shown.forEach(warnIfUnsupported);
  return shown;
}

/** Nothing kept in this browser: the server's latest conversation of this chat, if any, is where the user left off. */
async function openLatest({ conversationIdRef, dispatch }: ChatSession, target: ChatTarget, signal: AbortSignal): NeedsStart {
  if (target.kind !== 'system') dispatch({ type: 'loading' });
  try {
    const latest = await chatCalls.latest(target);
    if (signal.aborted) return null;
    if (!latest || latest.messages.length === 0) {
      dispatch({ type: 'loadFailed' });
      return true;
    }
    const messages = shownMessages(latest.messages);
    conversationIdRef.current = latest.conversationId;
    dispatch({ type: 'loaded', entries: messages.map((message) => entryOf(message, null)), conversationId: latest.conversationId });
    // A conversation holding only an upload (sent without the chat open) has not been opened yet: it is greeted as it goes on.
    return !messages.some((message) => message.type === 'ai' && message.data.type !== 'document');
  } catch {
    // Unreachable for now: the chat starts afresh, as it did before the server kept conversations.
    if (signal.aborted) return null;
    dispatch({ type: 'loadFailed' });
    return true;
  }
}

/** The browser's copy shows at once; the server, the source of truth, then replaces it. */
async function openStored(
  { conversationIdRef, dispatch, storage }: ChatSession,
  target: ChatTarget,
  stored: StoredConversation,
  signal: AbortSignal,
): NeedsStart {
  const entries = stored.messages.filter((message) => !isEventMessage(message)).map((message) => entryOf(message, null));
  conversationIdRef.current = stored.conversationId;
  dispatch({ type: 'restored', entries, conversationId: stored.conversationId });
  dispatch({ type: 'loading' });
  try {
    const history = await chatCalls.history(target, stored.conversationId);
    if (signal.aborted) return null;
    const messages = shownMessages(history.messages);
    dispatch({ type: 'loaded', entries: messages.map((message) => entryOf(message, null)), conversationId: history.conversationId });
    // product.md §4: on the deploy screen a conversation left for a day is greeted afresh.
    return messages.length === 0 || (target.kind === 'system' && target.topic === 'deploy' && needsDeployGreeting(messages, Date.now()));
  } catch (error) {
    if (signal.aborted) return null;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      storage.remove(target);
      conversationIdRef.current = null;
      dispatch({ type: 'loaded', entries: [], conversationId: null });
      return true;
    }
    dispatch({ type: 'loadFailed' });
    return entries.length === 0;
  }
}

/**
 * Opens the chat's conversation when it mounts: the stored copy or the server's latest, then a
 * queued builder message, or the start message when the conversation is empty.
 */
export function useConversationBoot(session: ChatSession, send: (text: string, restoreDraft: boolean) => Promise<void>) {
  return useCallback(
    async (signal: AbortSignal) => {
      const { optionsRef, startedInRef, storage } = session;
      const { target, language } = optionsRef.current;
      let stored = storage.read(target);
      // Neither the browser's copy nor the server's latest (the same conversation) is shown after a language switch.
      const afresh = stored !== null && startsAfresh(target, stored.language, language);
      if (afresh) {
        storage.remove(target);
        stored = null;
      }
      startedInRef.current = stored?.language ?? language;
      const empty = stored ? await openStored(session, target, stored, signal) : afresh || (await openLatest(session, target, signal));
      if (empty === null) return;
      const pending = target.kind === 'builder' ? usePendingBuilderMessage.getState().take(target.sparkId) : null;
      if (pending) {
        // A queued verdict opens a fresh conversation by itself, so no start message races it.
        await sleep(pending.sendAt - Date.now(), signal);
        if (!signal.aborted) void send(pending.text, false);
        return;
      }
      if (empty) void send(optionsRef.current.startText ?? startMessageOf(target, language), false);
    },
    [session, send],
  );
}
