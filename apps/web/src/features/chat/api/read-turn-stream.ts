import { STREAM_EVENTS, chatMessageSchema, type ChatMessage, type ChatTurn } from '@sparks/contract';
import { readEvents, type StreamEvent } from '@sparks/contract/event-stream';
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

function parseData(event: StreamEvent): unknown {
  try {
    return JSON.parse(event.data) as unknown;
  } catch {
    console.warn(`[chat] unreadable '${event.event}' event`);
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
  // Leaving the loop once the turn has its outcome releases the connection: nothing else is read.
  for await (const event of readEvents(stream)) {
    const data = parseData(event);
    if (data === undefined) continue;
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
        console.warn(`[chat] unknown stream event '${event.event}'`);
    }
    if (outcome) break;
  }
  const result = outcome as { turn: ChatTurn } | { error: Error } | null;
  if (!result) throw new ApiError(INTERRUPTED_MESSAGE);
  if ('error' in result) throw result.error;
  return result.turn;
}
