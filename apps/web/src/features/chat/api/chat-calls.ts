import { chatHistorySchema, type ChatHistory, type Language } from '@sparks/contract';
import { apiClient } from '../../../lib/api-client';
import type { ChatTarget } from '../conversation-storage';

export interface TurnRequest {
  /** Under the API base path. */
  path: string;
  body: Record<string, unknown>;
}

/** The chat calls of spec §7. */
export const chatCalls = {
  history: async (conversationId: string): Promise<ChatHistory> =>
    chatHistorySchema.parse(await apiClient.get(`/llm/chat-history/${encodeURIComponent(conversationId)}`)),

  /** The request of one turn: the builder chat or a test chat, continuing a conversation when there is one. */
  turn(target: ChatTarget, text: string, conversationId: string | null, language: Language): TurnRequest {
    const continuing = conversationId ? { conversationId } : {};
    if (target.kind === 'builder') {
      return { path: '/llm/chat', body: { sparkId: target.sparkId, message: { type: 'human', content: text }, ...continuing, language } };
    }
    return {
      path: `/sparks/${encodeURIComponent(target.sparkId)}/chat/${encodeURIComponent(target.testId)}`,
      body: { input: { text }, ...continuing, language },
    };
  },

  /** The same turn as one JSON answer; the client refreshes an expired token on the way. */
  turnAsJson: (request: TurnRequest): Promise<unknown> => apiClient.post(request.path, request.body),
};
