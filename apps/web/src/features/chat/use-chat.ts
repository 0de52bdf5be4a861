import type { ChatMessage } from '@sparks/contract';
import { useCallback, useEffect, useReducer } from 'react';
import { entryOf, warnIfUnsupported } from './chat-entry';
import { chatReducer, initialChatState } from './chat-reducer';
import { isEventMessage } from './chat-rules';
import type { ChatTarget } from './conversation-storage';
import { useChatSession, type UseChatOptions } from './use-chat-session';
import { useConversationBoot } from './use-conversation-boot';
import { useRunAction } from './use-run-action';
import { useSendTurn } from './use-send-turn';
import { useStoredConversation } from './use-stored-conversation';

const targetKeyOf = (target: ChatTarget) => {
  if (target.kind === 'builder') return `builder:${target.sparkId}`;
  if (target.kind === 'system') return `system:${target.topic}`;
  return `test:${target.sparkId}:${target.testId}`;
};

/**
 * One conversation (product.md §4): restores the stored copy, refreshes it from the server, starts it
 * when empty, and sends turns whose answers stream in. Leaving the chat abandons its requests.
 */
export function useChat(options: UseChatOptions) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const session = useChatSession(options, dispatch);
  const { controllerRef, sendingRef, conversationIdRef, fireEvent } = session;
  const targetKey = targetKeyOf(options.target);
  const send = useSendTurn(session);
  const runAction = useRunAction(session);
  const boot = useConversationBoot(session, send);

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    // Deferred so that React's development double mount starts the conversation only once.
    const timer = setTimeout(() => void boot(controller.signal), 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
      sendingRef.current = false;
    };
  }, [targetKey, boot, controllerRef, sendingRef]);

  useStoredConversation(state, session);

  const { error } = state;
  const retry = useCallback(
    (text?: string) => {
      if (!error) return;
      void send(text?.trim() || error.text, error.restoreDraft);
    },
    [error, send],
  );
  const sendText = useCallback((text: string) => void send(text, true), [send]);
  /**
   * Messages the server added to this conversation outside a turn (an upload's bubble and the
   * assistant's answer to it): they join the list as if they had just arrived.
   */
  const append = useCallback(
    (messages: readonly ChatMessage[], conversationId: string | null) => {
      conversationIdRef.current ??= conversationId;
      const entries = messages
        .filter((message) => {
          if (!isEventMessage(message)) return true;
          fireEvent(message);
          return false;
        })
        .map((message) => {
          warnIfUnsupported(message);
          const entry = entryOf(message, { streamed: false });
          // Inserted before a turn in progress, they must not hold back what already shows.
          return sendingRef.current ? { ...entry, revealAt: 0 } : entry;
        });
      if (entries.length > 0 || conversationId) dispatch({ type: 'appended', entries, conversationId });
    },
    [fireEvent, conversationIdRef, sendingRef],
  );
  const dismissError = useCallback(() => dispatch({ type: 'dismissed' }), []);

  /** The conversation as the latest turn left it, read at the moment it is needed. */
  const currentConversationId = useCallback(() => conversationIdRef.current, [conversationIdRef]);

  return { ...state, send: sendText, retry, dismissError, append, currentConversationId, runAction };
}
