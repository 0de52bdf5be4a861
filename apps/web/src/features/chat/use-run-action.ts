import { testChatActionRoute, type ActionOffer } from '@sparks/contract';
import { useCallback } from 'react';
import { apiCall } from '../../lib/api-call';
import { entryOf } from './chat-entry';
import type { ChatSession } from './use-chat-session';

/**
 * Runs the action a test chat's latest answer offered (docs/decisions/0042): what was given joins
 * the conversation as the server kept it (sensitive values masked), then the action's reply. A
 * refusal (a wrong value, a form no longer offered) rejects, for the form to say why.
 */
export function useRunAction(session: ChatSession) {
  return useCallback(
    async (offer: ActionOffer, inputs: Record<string, string>, confirmed: boolean) => {
      const { optionsRef, controllerRef, sendingRef, conversationIdRef, dispatch } = session;
      const { target, language } = optionsRef.current;
      const conversationId = conversationIdRef.current;
      const signal = controllerRef.current?.signal;
      // Only a test chat offers actions, and only in a conversation the server already keeps.
      if (target.kind !== 'test' || !conversationId || !signal || signal.aborted || sendingRef.current) return;
      sendingRef.current = true;
      try {
        const turn = await apiCall(testChatActionRoute, {
          params: { sparkId: target.sparkId, testSparkId: target.testId, actionId: offer.actionId },
          body: { conversationId, inputs, confirmed, language },
        });
        if (signal.aborted) return;
        const [given, ...replies] = turn.messages;
        if (given) dispatch({ type: 'sent', entry: entryOf(given, { streamed: false }) });
        dispatch({ type: 'finished', conversationId: turn.conversationId, entries: replies.map((message) => entryOf(message, { streamed: false })) });
        optionsRef.current.onTurnFinished?.();
      } finally {
        sendingRef.current = false;
      }
    },
    [session],
  );
}
