import { STREAM_EVENTS, type ChatMessage, type ErrorBody } from '@sparks/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { modelFailed } from './model-failure.js';
import { AppError } from './app-error.js';
import type { RunnableTurn } from './collect-turn.js';
import { openEventStream } from './event-stream.js';
import { logTurnFailure } from './log-turn-failure.js';

function errorBody(error: unknown): ErrorBody {
  const known = error instanceof AppError ? error : modelFailed();
  return { errors: [known.message], code: known.code, status: known.statusCode };
}

/** What a reader of the stream may see of a stored message: the owner sees it whole; a null is not sent. */
export type MessageView = (message: ChatMessage) => object | null;

const whole: MessageView = (message) => message;

/**
 * Streams a turn as Server-Sent Events: start, delta, message, then done (or error). Failures
 * before the stream opens are ordinary HTTP errors; after it opens they arrive as `error`. Each
 * `message` event carries `view` of the stored message, the same view the JSON answer is built
 * from, so the two paths cannot show a reader different things.
 */
export async function streamTurn<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  turn: RunnableTurn,
  done: (messages: ChatMessage[]) => T,
  view: MessageView = whole,
): Promise<FastifyReply> {
  const messages: ChatMessage[] = [];
  const stream = openEventStream(reply);
  stream.send(STREAM_EVENTS.start, { conversationId: turn.conversationId });
  try {
    for await (const event of turn.events(stream.signal)) {
      if (event.type === 'delta') stream.send(STREAM_EVENTS.delta, { text: event.text });
      else {
        messages.push(event.message);
        const shown = view(event.message);
        if (shown) stream.send(STREAM_EVENTS.message, { message: shown });
      }
    }
    stream.send(STREAM_EVENTS.done, done(messages));
  } catch (error) {
    logTurnFailure(error, request);
    if (!stream.signal.aborted) stream.send(STREAM_EVENTS.error, errorBody(error));
  } finally {
    stream.end();
  }
  return reply;
}
