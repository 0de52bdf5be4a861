import type { ChatMessage } from '@sparks/contract';

/** A message as the list holds it: a stable key for React and when it may appear (product.md §4 delays). */
export interface ChatEntry {
  key: string;
  message: ChatMessage;
  /** Epoch milliseconds; 0 shows at once. */
  revealAt: number;
  /** Arrived while the chat was open: it gets the entrance animation. */
  fresh: boolean;
}

/** A turn that failed: what was sent (to retry or to put back in the input) and why it failed. */
export interface ChatFailure {
  text: string;
  /** The user typed it, so it goes back into the input; the app's own start messages do not. */
  restoreDraft: boolean;
  message: string;
  status?: number;
  code?: string;
}

/** product.md §4 request state: loading, sending and error flags; a 402 additionally records its status. */
export interface ChatState {
  entries: ChatEntry[];
  conversationId: string | null;
  loading: boolean;
  sending: boolean;
  /** Text of the ai message being streamed; empty before its first token. */
  streamingText: string;
  /** Messages received in the current turn (the typing indicator shows only before the first). */
  turnMessages: number;
  /** Where the current turn's human message sits, to undo the turn when it fails. */
  turnStart: number;
  /** The conversation before the current turn: a failed first turn leaves no conversation behind. */
  turnConversationId: string | null;
  error: ChatFailure | null;
  errorStatus: number | null;
}

export type ChatAction =
  | { type: 'restored'; entries: ChatEntry[]; conversationId: string | null }
  | { type: 'loading' }
  | { type: 'loaded'; entries: ChatEntry[]; conversationId: string | null }
  | { type: 'loadFailed' }
  | { type: 'sent'; entry: ChatEntry }
  | { type: 'started'; conversationId: string }
  | { type: 'delta'; text: string }
  | { type: 'received'; entry: ChatEntry }
  | { type: 'finished'; conversationId: string; entries: ChatEntry[] | null }
  /** Messages added to the conversation outside a turn (an upload's bubble and the assistant's answer to it). */
  | { type: 'appended'; entries: ChatEntry[]; conversationId: string | null }
  | { type: 'failed'; failure: ChatFailure }
  | { type: 'dismissed' };

export const initialChatState: ChatState = {
  entries: [],
  conversationId: null,
  loading: false,
  sending: false,
  streamingText: '',
  turnMessages: 0,
  turnStart: 0,
  turnConversationId: null,
  error: null,
  errorStatus: null,
};

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'restored':
      return { ...state, entries: action.entries, conversationId: action.conversationId };
    case 'loading':
      return { ...state, loading: true };
    case 'loaded':
      return { ...state, loading: false, entries: action.entries, conversationId: action.conversationId };
    case 'loadFailed':
      return { ...state, loading: false };
    case 'sent':
      return {
        ...state,
        entries: [...state.entries, action.entry],
        sending: true,
        streamingText: '',
        turnMessages: 0,
        turnStart: state.entries.length,
        turnConversationId: state.conversationId,
        error: null,
        errorStatus: null,
      };
    case 'started':
      return { ...state, conversationId: action.conversationId };
    case 'delta':
      return { ...state, streamingText: state.streamingText + action.text };
    case 'received':
      return { ...state, entries: [...state.entries, action.entry], streamingText: '', turnMessages: state.turnMessages + 1 };
    case 'finished':
      return {
        ...state,
        sending: false,
        streamingText: '',
        conversationId: action.conversationId,
        entries: action.entries ? [...state.entries, ...action.entries] : state.entries,
      };
    case 'appended': {
      const conversationId = state.conversationId ?? action.conversationId;
      if (!state.sending) return { ...state, entries: [...state.entries, ...action.entries], conversationId };
      // During a turn they go before it, so a failed turn still undoes only its own messages.
      const entries = [...state.entries.slice(0, state.turnStart), ...action.entries, ...state.entries.slice(state.turnStart)];
      return {
        ...state,
        entries,
        conversationId,
        turnStart: state.turnStart + action.entries.length,
        turnConversationId: state.turnConversationId ?? action.conversationId,
      };
    }
    case 'failed':
      return {
        ...state,
        sending: false,
        streamingText: '',
        // The server keeps nothing of a failed turn, so neither does the chat.
        entries: state.entries.slice(0, state.turnStart),
        conversationId: state.turnConversationId,
        error: action.failure,
        errorStatus: action.failure.status === 402 ? 402 : null,
      };
    case 'dismissed':
      return { ...state, error: null, errorStatus: null };
  }
}
