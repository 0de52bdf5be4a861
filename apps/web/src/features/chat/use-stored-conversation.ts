import { useEffect } from 'react';
import type { ChatState } from './chat-reducer';
import type { ChatSession } from './use-chat-session';

/**
 * Keeps the browser's copy of the conversation (product.md §4) in step with what shows, once the
 * server has answered for it and only for a signed-in user, whose id the copy records.
 */
export function useStoredConversation(state: ChatState, { optionsRef, startedInRef, storage }: ChatSession) {
  useEffect(() => {
    const { target, userId } = optionsRef.current;
    if (!state.conversationId || !userId || state.loading) return;
    storage.write(target, {
      conversationId: state.conversationId,
      messages: state.entries.map((entry) => entry.message),
      userId,
      language: startedInRef.current,
    });
  }, [state.entries, state.conversationId, state.loading, storage, optionsRef, startedInRef]);
}
