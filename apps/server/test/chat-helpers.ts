import type { ChatMessage, Objective, Language } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** Splits a Server-Sent Events body into its events (data parsed as JSON). */
export function parseEventStream(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}

/** A client of the chat endpoints for integration tests, with one caller's token. */
export function chatClient(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    /** The owner's credentials, for calls the client has no helper for. */
    headers,
    builder: (sparkId: string, content: string, conversationId?: string, options: { stream?: boolean; language?: Language } = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/llm/chat',
        headers: { ...headers, accept: options.stream ? 'text/event-stream' : 'application/json' },
        payload: { sparkId, message: { type: 'human', content }, ...(conversationId ? { conversationId } : {}), language: options.language ?? 'en' },
      }),
    test: (sparkId: string, testId: string, text: string, conversationId?: string, options: { stream?: boolean } = {}) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/sparks/${sparkId}/chat/${testId}`,
        headers: { ...headers, accept: options.stream ? 'text/event-stream' : 'application/json' },
        payload: { input: { text }, ...(conversationId ? { conversationId } : {}), language: 'en' },
      }),
    history: (conversationId: string) => app.inject({ method: 'GET', url: `/api/v1/llm/chat-history/${conversationId}`, headers }),
    newSpark: async (): Promise<{ _id: string; name: string; options: { sysPrompt: string; initialMessage: string } }> =>
      (await app.inject({ method: 'POST', url: '/api/v1/sparks', headers })).json().data,
    spark: async (sparkId: string) =>
      (
        (await app.inject({ method: 'GET', url: '/api/v1/sparks', headers })).json().data as Array<{
          _id: string;
          name: string;
          options: { sysPrompt: string; initialMessage: string };
        }>
      ).find((spark) => spark._id === sparkId),
    deleteSpark: (sparkId: string) => app.inject({ method: 'DELETE', url: `/api/v1/sparks/${sparkId}`, headers }),
    newTest: async (sparkId: string, name = 'Returns'): Promise<{ _id: string }> =>
      (await app.inject({ method: 'POST', url: `/api/v1/sparks/${sparkId}/tests`, headers, payload: { name } })).json().data,
    objectives: async (sparkId: string): Promise<Objective[]> =>
      (await app.inject({ method: 'GET', url: `/api/v1/objectives/${sparkId}?lang=en`, headers })).json().data,
  };
}

export const textOf = (messages: ChatMessage[]): string => messages.map((message) => message.data.content ?? '').join('\n');
