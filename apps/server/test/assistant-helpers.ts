import type { ChatMessage, Objective } from '@sparks/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface SystemReply {
  messages: ChatMessage[];
  sessionId: string;
  sparkId: string | null;
}

/** The one JSON data line of a spec-shaped /spark-sys answer. */
export function firstDataLine(response: LightMyRequestResponse): SystemReply {
  const line = response.payload.split('\n').find((candidate) => candidate.startsWith('data: '));
  if (!line) throw new Error(`no data line in: ${response.payload}`);
  return JSON.parse(line.slice(6)) as SystemReply;
}

/** A client of the system assistant for integration tests, with one caller's token. */
export function assistantClient(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const ask = (topic: string, text: string, query: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/v1/spark-sys/${topic}/chat`, headers, query: { 'input[text]': text, ...query } });
  return {
    ask,
    /** One turn that must succeed; answers the parsed data line. */
    async say(topic: string, text: string, sessionId?: string, query: Record<string, string> = {}): Promise<SystemReply> {
      const response = await ask(topic, text, { ...(sessionId ? { sessionId } : {}), language: 'en', ...query });
      expect(response.statusCode, response.payload).toBe(200);
      return firstDataLine(response);
    },
    history: (sessionId: string) => app.inject({ method: 'GET', url: `/api/v1/spark-sys/conversations/${sessionId}`, headers }),
    objectives: async (id: string): Promise<Objective[]> => {
      const response = await app.inject({ method: 'GET', url: `/api/v1/objectives/${id}?lang=en`, headers });
      expect(response.statusCode, response.payload).toBe(200);
      return response.json().data as Objective[];
    },
    report: (id: string, payload: Record<string, unknown>) => app.inject({ method: 'PATCH', url: `/api/v1/objectives/${id}`, headers, payload }),
  };
}

/** The cards of a reply by their data type, and its words. */
export const cardOf = (reply: SystemReply, type: string) =>
  reply.messages.find((message) => message.data.type === type)?.data as Record<string, unknown> | undefined;
export const wordsOf = (reply: SystemReply) => reply.messages.map((message) => (message.type === 'ai' ? (message.data.content ?? '') : '')).join('\n');
export const eventsOf = (reply: SystemReply) =>
  reply.messages.filter((message) => message.data.type === 'event').map((message) => message.data as Record<string, unknown>);
