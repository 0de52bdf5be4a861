import type { ChatMessage } from '@sparks/contract';
import type { ToolSet } from 'ai';
import { aiMessage } from '../lib/chat-messages.js';
import type { ModelSettings } from '../lib/model-settings.js';
import type { TurnEvent } from '../lib/turn-event.js';
import { historyForModel } from './history-for-model.js';
import { modelTurn } from './model-turn.js';
import { responderOptions, type ResponderRequest } from './responder-request.js';

/** Where a turn's tools leave the cards they show, by tool call. */
export type PendingCards = Map<string, ChatMessage[]>;

/** Leaves cards for a tool call, after any it already left: they are shown once its step ends. */
export const showCards = (pending: PendingCards, toolCallId: string, ...messages: ChatMessage[]): void => {
  pending.set(toolCallId, [...(pending.get(toolCallId) ?? []), ...messages]);
};

export interface ToolChatTurnOptions {
  settings: ModelSettings;
  system: string;
  /** The conversation so far, as stored: the model sees its text turns, within `HISTORY_LIMITS`. */
  history: readonly ChatMessage[];
  /** What the person wrote this turn. */
  text: string;
  /** The turn's tools, made around the map where they leave their cards. */
  tools(pending: PendingCards): ToolSet;
  /** What the prompt says, as data for the offline responder. */
  request: ResponderRequest;
}

/**
 * A turn of an assistant that acts through tools and answers in plain text: the builder chat and
 * the menu assistant. They differ in prompt and tools only, so the way a turn reaches the model (its
 * history, the cards shown after each step, the time limits) stays the same for both. Returns the
 * turn's events, as `ConversationService.persisting` takes them.
 */
export function toolChatTurn(options: ToolChatTurnOptions): (signal: AbortSignal) => AsyncGenerator<TurnEvent> {
  const pending: PendingCards = new Map();
  const tools = options.tools(pending);
  const messages = [...historyForModel(options.history), { role: 'user' as const, content: options.text }];
  return (signal) =>
    modelTurn({
      ...options.settings,
      system: options.system,
      messages,
      tools,
      pending,
      providerOptions: responderOptions(options.request),
      finishText: (content) => aiMessage({ content }),
      signal,
    });
}
