import type { LiveConversation } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { startTestApp } from './test-app.js';
import { liveWidgetSpark } from './widget-helpers.js';

export interface ReceivedEvent {
  event: string;
  id?: number;
  data: Record<string, unknown>;
}

/**
 * A Server-Sent Events client over a real connection (an EventSource's part): it keeps every
 * event received, waits for the ones a test expects, and can be dropped as a network would.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  const reading = (async () => {
    if (!response.body || !response.ok) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const id = field('id');
          events.push({
            event: field('event') ?? 'message',
            ...(id ? { id: Number(id) } : {}),
            data: JSON.parse(field('data') ?? '{}') as Record<string, unknown>,
          });
        }
      }
    } catch {
      // Dropped by the test or closed by the server.
    }
  })();
  return {
    status: response.status,
    response,
    events,
    /** Stored messages received, in order. */
    messages: () => events.filter((event) => event.event === 'message'),
    /** Settles when the connection is closed, by the server or by `close`. */
    finished: reading,
    /** Waits until the stream has received an event matching `match`. */
    async waitFor(match: (event: ReceivedEvent) => boolean, timeout = 10_000): Promise<ReceivedEvent> {
      await expect.poll(() => events.some(match), { timeout, interval: 25 }).toBe(true);
      return events.find(match)!;
    },
    /** Drops the connection, as a phone losing its network does. */
    async close(): Promise<void> {
      controller.abort();
      await reading;
    },
  };
}

/** An app listening on loopback: live streams are read over real connections, as browsers read them. */
export async function listeningApp(databaseUrl: string | undefined, dataDir: string) {
  const harness = await startTestApp(databaseUrl, { DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000' });
  const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...harness, base: `${address}/api/v1` };
}

/** The owner's and the visitor's sides of one Spark's widget; `as` is another access token of the owner (another session). */
export async function liveShop(app: FastifyInstance, base: string) {
  const spark = await liveWidgetSpark(app);
  const auth = { authorization: `Bearer ${spark.token}` };
  const live = `/api/v1/sparks/${spark.spark._id}/live`;
  const owner = {
    list: async () => ((await app.inject({ method: 'GET', url: live, headers: auth })).json() as { data: LiveConversation[] }).data,
    transcript: (id: string) => app.inject({ method: 'GET', url: `${live}/${id}`, headers: auth }),
    takeOver: (id: string, payload: object = {}) => app.inject({ method: 'POST', url: `${live}/${id}/take-over`, headers: auth, payload }),
    handBack: (id: string) => app.inject({ method: 'POST', url: `${live}/${id}/hand-back`, headers: auth }),
    say: (id: string, text: string, as = spark.token) =>
      app.inject({ method: 'POST', url: `${live}/${id}/messages`, headers: { authorization: `Bearer ${as}` }, payload: { text } }),
    stream: (id: string, headers: Record<string, string> = {}) =>
      openEventStream(`${base}/sparks/${spark.spark._id}/live/${id}/events`, { ...auth, ...headers }),
    sparkStream: (as = spark.token) => openEventStream(`${base}/sparks/${spark.spark._id}/live/events`, { authorization: `Bearer ${as}` }),
  };
  const visitorHeaders = (session: string) => ({ 'x-sparks-ticket': spark.ticket, 'x-sparks-visitor': session });
  const visitor = {
    stream: (session: string, headers: Record<string, string> = {}, visitorBase = base) =>
      openEventStream(`${visitorBase}/widget/${spark.deployToken}/live`, { ...visitorHeaders(session), ...headers }),
  };
  return { ...spark, auth, owner, visitor, visitorHeaders };
}
