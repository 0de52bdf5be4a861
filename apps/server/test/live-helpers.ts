import { expect } from 'vitest';

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
