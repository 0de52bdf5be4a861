import { describe, expect, it } from 'vitest';
import { eventsOf, readEvents } from './event-stream.js';

/** A body delivered in the given pieces, recording whether the reader let it go. */
function bodyOf(pieces: string[]) {
  const state = { cancelled: false };
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < pieces.length) controller.enqueue(encoder.encode(pieces[index++]!));
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

const collect = async (body: ReadableStream<Uint8Array>) => {
  const events = [];
  for await (const event of readEvents(body)) events.push(event);
  return events;
};

describe('readEvents', () => {
  it('reads events split anywhere across chunks, with CRLF line ends and multi-line data; an event cut off before its blank line is dropped, as the standard says', async () => {
    const { body } = bodyOf(['event: sta', 'rt\r\ndata: {"conversationId":"c1"}\r\n\r\n', 'data: {"a":\n', 'data: 1}\n\n: a comment\n\nevent: done\ndata: {}']);
    expect(await collect(body)).toEqual([
      { event: 'start', data: '{"conversationId":"c1"}' },
      { event: 'message', data: '{"a":\n1}' },
    ]);
  });

  it('releases the connection when the caller stops reading early', async () => {
    const { body, state } = bodyOf(['event: delta\ndata: {"text":"a"}\n\n', 'event: delta\ndata: {"text":"b"}\n\n', 'event: done\ndata: {}\n\n']);
    for await (const event of readEvents(body)) {
      expect(event.event).toBe('delta');
      break;
    }
    expect(state.cancelled).toBe(true);
  });

  it('keeps multi-byte characters split between chunks whole', async () => {
    const bytes = new TextEncoder().encode('data: {"text":"añoñ"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Cut inside the two-byte ñ.
        controller.enqueue(bytes.slice(0, 18));
        controller.enqueue(bytes.slice(18));
        controller.close();
      },
    });
    expect(await collect(body)).toEqual([{ event: 'message', data: '{"text":"añoñ"}' }]);
  });
});

describe('eventsOf', () => {
  it('reads a whole event-stream text received as one answer, comments skipped and data lines joined', () => {
    const text = ': keep-alive\r\n\r\nevent: message\r\ndata: {"a":\r\ndata: 1}\r\n\r\nevent: done\ndata: {}\n\n';
    expect(eventsOf(text)).toEqual([
      { event: 'message', data: '{"a":\n1}' },
      { event: 'done', data: '{}' },
    ]);
    expect(eventsOf('')).toEqual([]);
  });
});
