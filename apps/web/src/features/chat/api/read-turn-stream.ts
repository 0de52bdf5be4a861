import { STREAM_EVENTS, chatMessageSchema, type ChatMessage, type ChatTurn } from '@sparks/contract';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ApiError, NETWORK_ERROR_MESSAGE, apiErrorFrom } from '../../../lib/api-client';
import { toChatTurn } from './to-chat-turn';

export interface TurnHandlers {
  onStart?(conversationId: string): void;
  /** More text of the ai message being written. */
  onDelta?(text: string): void;
  /** A finished message: an ai text or an action card. */
  onMessage?(message: ChatMessage): void;
}

/** Raised when the answer stops before its `done` event (connection lost, server gone). */
export const INTERRUPTED_MESSAGE = NETWORK_ERROR_MESSAGE;

function parseData(event: EventSourceMessage): unknown {
  try {
    return JSON.parse(event.data) as unknown;
  } catch {
    console.warn(`[chat] unreadable '${event.event ?? 'message'}' event`);
    return undefined;
  }
}

const streamError = (data: unknown): ApiError => apiErrorFrom(data, { fallback: INTERRUPTED_MESSAGE });

/**
 * Reads the Server-Sent Events of one chat turn: `start`, `delta`, `message`, then `done` (the
 * resolved turn) or `error` (thrown as an ApiError with the server's status and code).
 */
export async function readTurnStream(stream: ReadableStream<Uint8Array>, handlers: TurnHandlers = {}): Promise<ChatTurn> {
  let outcome: { turn: ChatTurn } | { error: Error } | null = null;
  const parser = createParser({
    onEvent(event) {
      if (outcome) return;
      const data = parseData(event);
      if (data === undefined) return;
      switch (event.event) {
        case STREAM_EVENTS.start: {
          const conversationId = (data as { conversationId?: unknown }).conversationId;
          if (typeof conversationId === 'string') handlers.onStart?.(conversationId);
          break;
        }
        case STREAM_EVENTS.delta: {
          const text = (data as { text?: unknown }).text;
          if (typeof text === 'string' && text) handlers.onDelta?.(text);
          break;
        }
        case STREAM_EVENTS.message: {
          const message = chatMessageSchema.safeParse((data as { message?: unknown }).message);
          if (message.success) handlers.onMessage?.(message.data);
          else console.warn('[chat] a streamed message did not have the expected shape');
          break;
        }
        case STREAM_EVENTS.done:
          try {
            outcome = { turn: toChatTurn(data) };
          } catch (error) {
            outcome = { error: error instanceof Error ? error : new Error(String(error)) };
          }
          break;
        case STREAM_EVENTS.error:
          outcome = { error: streamError(data) };
          break;
        default:
          console.warn(`[chat] unknown stream event '${event.event ?? ''}'`);
      }
    },
  });

  const reader = stream.getReader();
  const decoder = new TextDecoder();
  try {
    while (!outcome) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    // Once the turn has its outcome nothing else is read; release the connection.
    void reader.cancel().catch(() => undefined);
  }
  parser.feed(decoder.decode());
  parser.reset({ consume: true });
  const result = outcome as { turn: ChatTurn } | { error: Error } | null;
  if (!result) throw new ApiError(INTERRUPTED_MESSAGE);
  if ('error' in result) throw result.error;
  return result.turn;
}
