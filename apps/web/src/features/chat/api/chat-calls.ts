import { API_PATHS, chatHistoryRoute, fillPath, latestConversationRoute, systemHistoryRoute, type ChatHistory, type Language } from '@sparks/contract';
import { apiCall } from '../../../lib/api-call';
import { apiClient } from '../../../lib/api-client';
import type { ChatTarget } from '../conversation-storage';
import { eventsOf } from '@sparks/contract/event-stream';
import { toChatTurn } from './to-chat-turn';

export interface TurnRequest {
  method: 'GET' | 'POST';
  /** Under the API base path. */
  path: string;
  body?: Record<string, unknown>;
  /** Query of a GET turn (the system assistant's). */
  query?: Record<string, string>;
}

/** product.md §7: the system assistant answers event-stream text whose first event's data is the JSON answer. */
function firstEventData(text: unknown): unknown {
  const [first] = eventsOf(String(text));
  if (!first) throw new Error('The assistant sent an empty answer.');
  return JSON.parse(first.data) as unknown;
}

/** The chat calls of product.md §7. */
export const chatCalls = {
  async history(target: ChatTarget, conversationId: string): Promise<ChatHistory> {
    if (target.kind !== 'system') return apiCall(chatHistoryRoute, { params: { id: conversationId } });
    const history = await apiCall(systemHistoryRoute, { params: { id: conversationId } });
    return { conversationId: history.sessionId, sparkId: history.sparkId ?? '', testId: null, messages: history.messages };
  },

  /**
   * The server's latest conversation of a builder or test chat, when this browser keeps none (a new
   * sign-in, another device); null when there is none yet. System topics start afresh.
   */
  async latest(target: ChatTarget): Promise<ChatHistory | null> {
    if (target.kind === 'system') return null;
    const query = target.kind === 'test' ? { testId: target.testId } : {};
    return apiCall(latestConversationRoute, { params: { sparkId: target.sparkId }, query });
  },

  /** The request of one turn: the builder chat, a test chat or a system topic, continuing a conversation when there is one. */
  turn(target: ChatTarget, text: string, conversationId: string | null, language: Language): TurnRequest {
    const continuing = conversationId ? { conversationId } : {};
    if (target.kind === 'builder') {
      return {
        method: 'POST',
        path: API_PATHS.builderChat.path,
        body: { sparkId: target.sparkId, message: { type: 'human', content: text }, ...continuing, language },
      };
    }
    if (target.kind === 'system') {
      return {
        method: 'GET',
        path: fillPath(API_PATHS.systemChat.path, { sparkname: target.topic }),
        query: { 'input[text]': text, ...(conversationId ? { sessionId: conversationId } : {}), language, stream: 'true' },
      };
    }
    return {
      method: 'POST',
      path: fillPath(API_PATHS.testChat.path, { sparkId: target.sparkId, testSparkId: target.testId }),
      body: { input: { text }, ...continuing, language },
    };
  },

  /** The same turn as one answer; the client refreshes an expired token on the way. */
  async turnAsJson(request: TurnRequest): Promise<unknown> {
    if (request.method === 'POST') return apiClient.post(request.path, request.body);
    const { stream: _stream, ...query } = request.query ?? {};
    return toChatTurn(firstEventData(await apiClient.get(request.path, { params: query, responseType: 'text' })));
  },
};
