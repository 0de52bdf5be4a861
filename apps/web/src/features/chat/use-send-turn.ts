import type { ChatMessage } from '@sparks/contract';
import { useCallback } from 'react';
import { ApiError } from '../../lib/api-client';
import { chatCalls } from './api/chat-calls';
import { streamTurn } from './api/stream-turn';
import type { ChatEntry } from './chat-reducer';
import { entryOf, warnIfUnsupported } from './chat-entry';
import { isEventMessage } from './chat-rules';
import type { ChatSession } from './use-chat-session';

/**
 * Sends one turn and shows its answer as it streams in. One turn at a time; a turn of a chat that
 * has since been left is dropped. A failure keeps the text for a retry.
 */
export function useSendTurn(session: ChatSession) {
  return useCallback(
    async (text: string, restoreDraft: boolean) => {
      const { optionsRef, controllerRef, sendingRef, conversationIdRef, storage, dispatch, fireEvent } = session;
      const signal = controllerRef.current?.signal;
      if (!signal || signal.aborted || sendingRef.current) return;
      const { target, language } = optionsRef.current;
      sendingRef.current = true;
      const previousId = conversationIdRef.current;
      dispatch({ type: 'sent', entry: entryOf({ type: 'human', data: { content: text }, createdAt: new Date().toISOString() }, { streamed: false }) });
      let received = 0;
      let streamed = '';
      const accept = (message: ChatMessage, streamed: boolean) => {
        if (isEventMessage(message)) return fireEvent(message);
        warnIfUnsupported(message);
        dispatch({ type: 'received', entry: entryOf(message, { streamed }) });
      };
      try {
        const turn = await streamTurn(
          chatCalls.turn(target, text, previousId, language),
          {
            onStart: (conversationId) => {
              if (signal.aborted) return;
              conversationIdRef.current = conversationId;
              dispatch({ type: 'started', conversationId });
            },
            onDelta: (delta) => {
              if (signal.aborted) return;
              streamed += delta;
              dispatch({ type: 'delta', text: delta });
            },
            onMessage: (message) => {
              if (signal.aborted) return;
              received += 1;
              accept(message, streamed !== '');
              streamed = '';
            },
          },
          signal,
        );
        if (signal.aborted) return;
        // Without a stream (the JSON fallback) the messages arrive only here.
        const late = received === 0 ? unstreamedEntries(turn.messages, fireEvent) : null;
        conversationIdRef.current = turn.conversationId;
        dispatch({ type: 'finished', conversationId: turn.conversationId, entries: late });
        optionsRef.current.onTurnFinished?.();
      } catch (error) {
        if (signal.aborted) return;
        conversationIdRef.current = previousId;
        // The server stores a conversation only with its first finished turn.
        if (!previousId) storage.remove(target);
        const failure = error instanceof ApiError ? error : new ApiError(error instanceof Error ? error.message : String(error));
        dispatch({ type: 'failed', failure: { text, restoreDraft, message: failure.message, status: failure.status, code: failure.code } });
      } finally {
        sendingRef.current = false;
      }
    },
    [session],
  );
}

/** A turn's messages that came all at once: events fire, the rest become entries to show. */
function unstreamedEntries(messages: readonly ChatMessage[], fireEvent: (message: ChatMessage) => void): ChatEntry[] {
  const entries: ChatEntry[] = [];
  for (const message of messages) {
    if (isEventMessage(message)) fireEvent(message);
    else {
      warnIfUnsupported(message);
      entries.push(entryOf(message, { streamed: false }));
    }
  }
  return entries;
}
