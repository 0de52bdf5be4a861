import { createParser } from 'eventsource-parser';

/** One Server-Sent Event of the API's streams (a chat turn: start, delta, message, done or error). */
export interface StreamEvent {
  event: string;
  /** The event's data as sent: JSON in every stream of this API. */
  data: string;
  /** Set on a live stream's stored messages: a reconnect resumes after it. */
  id?: string;
}

/** The events of a whole Server-Sent Events text already received (a stream asked for as one answer). */
export function eventsOf(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parser = createParser({ onEvent: (event) => events.push({ event: event.event ?? 'message', data: event.data }) });
  parser.feed(text);
  parser.reset({ consume: true });
  return events;
}

/**
 * Reads a Server-Sent Events body as it arrives, one event at a time: the one reader of the web
 * app and the widget (fetch, not EventSource, so headers can carry the session). Leaving the loop
 * early releases the connection.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const arrived: StreamEvent[] = [];
  const parser = createParser({
    onEvent: (event) => arrived.push({ event: event.event ?? 'message', data: event.data, ...(event.id ? { id: event.id } : {}) }),
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        parser.feed(decoder.decode());
        // The standard drops an event cut off before its blank line: a stream that ends early lost its last event.
        parser.reset({ consume: true });
      } else parser.feed(decoder.decode(value, { stream: true }));
      while (arrived.length > 0) yield arrived.shift()!;
      if (done) return;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
