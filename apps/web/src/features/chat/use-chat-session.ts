import type { ChatMessage, Language, MessageData } from '@sparks/contract';
import { useCallback, useEffect, useMemo, useRef, type Dispatch } from 'react';
import type { ChatAction } from './chat-reducer';
import { conversationStorage, type ChatTarget } from './conversation-storage';

export interface UseChatOptions {
  target: ChatTarget;
  /** The signed-in user, recorded with stored conversations (product.md §4 storage owner check); without it nothing is stored. */
  userId?: string;
  language: Language;
  /** After every finished turn: the assistant's tools may have changed the Spark. */
  onTurnFinished?(): void;
  /** product.md §3: an event message triggers the screen's handler and is not shown. */
  onEvent?(data: MessageData): void;
  /** What an empty conversation opens with, instead of the hidden start phrase (the user's own choice). */
  startText?: string;
}

/**
 * What the parts of one chat share beside its reducer state: the latest options (read when a
 * request needs them, so a new callback does not restart anything), the open conversation's id,
 * whether a turn is out, the abort controller of the mounted chat, and the browser's copy.
 */
export function useChatSession(options: UseChatOptions, dispatch: Dispatch<ChatAction>) {
  const optionsRef = useRef(options);
  /** The language the shown conversation began in. */
  const startedInRef = useRef<Language>(options.language);
  useEffect(() => {
    optionsRef.current = options;
  });
  const controllerRef = useRef<AbortController | null>(null);
  const sendingRef = useRef(false);
  const conversationIdRef = useRef<string | null>(null);
  const storage = useMemo(() => conversationStorage(), []);

  const fireEvent = useCallback((message: ChatMessage) => {
    const handler = optionsRef.current.onEvent;
    if (handler) handler(message.data);
    else console.warn(`[chat] event '${message.data.event ?? ''}' has no handler`);
  }, []);

  // Every part is stable, so the session is too: callbacks that take it keep their identity across renders.
  return useMemo(
    () => ({ optionsRef, startedInRef, controllerRef, sendingRef, conversationIdRef, storage, dispatch, fireEvent }),
    [storage, dispatch, fireEvent],
  );
}

export type ChatSession = ReturnType<typeof useChatSession>;
