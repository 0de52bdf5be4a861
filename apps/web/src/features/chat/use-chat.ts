import { START_MESSAGES, TEST_START_MESSAGE, type ChatMessage, type Language, type MessageData } from '@sparks/contract';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { ApiError } from '../../lib/api-client';
import { chatCalls } from './api/chat-calls';
import { streamTurn } from './api/stream-turn';
import { chatReducer, initialChatState, type ChatEntry } from './chat-reducer';
import { isEventMessage, isNewMessage, messageDelayMs, needsDeployGreeting, unsupportedReason } from './chat-rules';
import { conversationStorage, type ChatTarget } from './conversation-storage';
import { usePendingBuilderMessage } from './pending-builder-message';

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

let entrySequence = 0;

/**
 * `live` messages arrived while the chat is open: they wait for their delay and fade in, except
 * text the user already watched being written, which simply stays.
 */
function entryOf(message: ChatMessage, live: { streamed: boolean } | null): ChatEntry {
  entrySequence += 1;
  const now = Date.now();
  return {
    key: `m${entrySequence}`,
    message,
    revealAt: live && !live.streamed ? now + messageDelayMs(message) : 0,
    fresh: live ? !live.streamed : isNewMessage(message.createdAt, now),
  };
}

function warnIfUnsupported(message: ChatMessage): void {
  const reason = unsupportedReason(message);
  if (reason) console.warn(`[chat] ${reason}; it is not shown`);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

const targetKeyOf = (target: ChatTarget) => {
  if (target.kind === 'builder') return `builder:${target.sparkId}`;
  if (target.kind === 'system') return `system:${target.topic}`;
  return `test:${target.sparkId}:${target.testId}`;
};

/** What the app sends, hidden, to open a conversation: the test's 'inicio', or the start phrase of the language. */
const startMessageOf = (target: ChatTarget, language: Language) => (target.kind === 'test' ? TEST_START_MESSAGE : START_MESSAGES[language]);

/**
 * One conversation (product.md §4): restores the stored copy, refreshes it from the server, starts it
 * when empty, and sends turns whose answers stream in. Leaving the chat abandons its requests.
 */
export function useChat(options: UseChatOptions) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
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
  const targetKey = targetKeyOf(options.target);

  const fireEvent = useCallback((message: ChatMessage) => {
    const handler = optionsRef.current.onEvent;
    if (handler) handler(message.data);
    else console.warn(`[chat] event '${message.data.event ?? ''}' has no handler`);
  }, []);

  const send = useCallback(
    async (text: string, restoreDraft: boolean) => {
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
        const late: ChatEntry[] = [];
        // Without a stream (the JSON fallback) the messages arrive only here.
        if (received === 0) {
          for (const message of turn.messages) {
            if (isEventMessage(message)) fireEvent(message);
            else {
              warnIfUnsupported(message);
              late.push(entryOf(message, { streamed: false }));
            }
          }
        }
        conversationIdRef.current = turn.conversationId;
        dispatch({ type: 'finished', conversationId: turn.conversationId, entries: received === 0 ? late : null });
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
    [fireEvent, storage],
  );

  const boot = useCallback(
    async (signal: AbortSignal) => {
      const { target, language } = optionsRef.current;
      let stored = storage.read(target);
      // A menu conversation is held in one language: after a switch, the screen starts afresh in the new one
      // instead of replaying sentences in the old (the old conversation stays on the server).
      if (stored && target.kind === 'system' && stored.language && stored.language !== language) {
        storage.remove(target);
        stored = null;
      }
      startedInRef.current = stored?.language ?? language;
      let empty = true;
      if (!stored) {
        // Nothing kept in this browser: the server's latest conversation of this chat, if any, is where the user left off.
        if (target.kind !== 'system') dispatch({ type: 'loading' });
        try {
          const latest = await chatCalls.latest(target);
          if (signal.aborted) return;
          if (!latest || latest.messages.length === 0) dispatch({ type: 'loadFailed' });
          else {
            const messages = latest.messages.filter((message) => !isEventMessage(message));
            messages.forEach(warnIfUnsupported);
            conversationIdRef.current = latest.conversationId;
            dispatch({ type: 'loaded', entries: messages.map((message) => entryOf(message, null)), conversationId: latest.conversationId });
            // A conversation holding only an upload (sent without the chat open) has not been opened yet: it is greeted as it goes on.
            empty = !messages.some((message) => message.type === 'ai' && message.data.type !== 'document');
          }
        } catch {
          // Unreachable for now: the chat starts afresh, as it did before the server kept conversations.
          if (signal.aborted) return;
          dispatch({ type: 'loadFailed' });
        }
      }
      if (stored) {
        const entries = stored.messages.filter((message) => !isEventMessage(message)).map((message) => entryOf(message, null));
        conversationIdRef.current = stored.conversationId;
        dispatch({ type: 'restored', entries, conversationId: stored.conversationId });
        dispatch({ type: 'loading' });
        try {
          // The server is the source of truth; the stored copy only shows something at once.
          const history = await chatCalls.history(target, stored.conversationId);
          if (signal.aborted) return;
          const messages = history.messages.filter((message) => !isEventMessage(message));
          messages.forEach(warnIfUnsupported);
          dispatch({ type: 'loaded', entries: messages.map((message) => entryOf(message, null)), conversationId: history.conversationId });
          // product.md §4: on the deploy screen a conversation left for a day is greeted afresh.
          empty = messages.length === 0 || (target.kind === 'system' && target.topic === 'deploy' && needsDeployGreeting(messages, Date.now()));
        } catch (error) {
          if (signal.aborted) return;
          if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
            storage.remove(target);
            conversationIdRef.current = null;
            dispatch({ type: 'loaded', entries: [], conversationId: null });
          } else {
            dispatch({ type: 'loadFailed' });
            empty = entries.length === 0;
          }
        }
      }
      const pending = target.kind === 'builder' ? usePendingBuilderMessage.getState().take(target.sparkId) : null;
      if (pending) {
        // A queued verdict opens a fresh conversation by itself, so no start message races it.
        await sleep(pending.sendAt - Date.now(), signal);
        if (!signal.aborted) void send(pending.text, false);
        return;
      }
      if (empty) void send(optionsRef.current.startText ?? startMessageOf(target, language), false);
    },
    [send, storage],
  );

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
  }, [targetKey, boot]);

  useEffect(() => {
    const { target, userId } = optionsRef.current;
    if (!state.conversationId || !userId || state.loading) return;
    storage.write(target, {
      conversationId: state.conversationId,
      messages: state.entries.map((entry) => entry.message),
      userId,
      language: startedInRef.current,
    });
  }, [state.entries, state.conversationId, state.loading, storage]);

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
    [fireEvent],
  );
  const dismissError = useCallback(() => dispatch({ type: 'dismissed' }), []);

  /** The conversation as the latest turn left it, read at the moment it is needed. */
  const currentConversationId = useCallback(() => conversationIdRef.current, []);

  return { ...state, send: sendText, retry, dismissError, append, currentConversationId };
}
