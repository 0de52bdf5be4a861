import { STREAM_EVENTS, type ChatMessage, type ErrorBody } from '@sparks/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { modelFailed, type TurnEvent } from '../llm/model-turn.js';
import { AppError } from './app-error.js';
import { openEventStream } from './event-stream.js';

/** A turn ready to run: its conversation, and the events it produces once started. */
export interface RunnableTurn {
  conversationId: string;
  events(signal: AbortSignal): AsyncGenerator<TurnEvent>;
}

/** The provider's own error stays in the log; the user gets the AppError's plain message. */
function logFailure(error: unknown, request: FastifyRequest): void {
  if (!(error instanceof AppError)) request.log.error({ err: error }, 'chat turn failed');
  else if (error.cause) request.log.warn({ err: error.cause }, 'language model failed');
}

function errorBody(error: unknown): ErrorBody {
  const known = error instanceof AppError ? error : modelFailed();
  return { errors: [known.message], code: known.code, status: known.statusCode };
}

/** Runs a whole turn and collects its messages; leaving the request abandons the turn. */
export async function collectTurn(request: FastifyRequest, reply: FastifyReply, turn: RunnableTurn): Promise<ChatMessage[]> {
  const messages: ChatMessage[] = [];
  const controller = new AbortController();
  reply.raw.on('close', () => !reply.raw.writableFinished && controller.abort());
  try {
    for await (const event of turn.events(controller.signal)) if (event.type === 'message') messages.push(event.message);
  } catch (error) {
    // Unexpected errors are logged by the error handler; only the model's cause needs logging here.
    if (error instanceof AppError) logFailure(error, request);
    throw error;
  }
  return messages;
}

/**
 * Streams a turn as Server-Sent Events: start, delta, message, then done (or error). Failures
 * before the stream opens are ordinary HTTP errors; after it opens they arrive as `error`.
 */
export async function streamTurn<T>(request: FastifyRequest, reply: FastifyReply, turn: RunnableTurn, done: (messages: ChatMessage[]) => T): Promise<FastifyReply> {
  const messages: ChatMessage[] = [];
  const stream = openEventStream(reply);
  stream.send(STREAM_EVENTS.start, { conversationId: turn.conversationId });
  try {
    for await (const event of turn.events(stream.signal)) {
      if (event.type === 'delta') stream.send(STREAM_EVENTS.delta, { text: event.text });
      else {
        messages.push(event.message);
        stream.send(STREAM_EVENTS.message, { message: event.message });
      }
    }
    stream.send(STREAM_EVENTS.done, done(messages));
  } catch (error) {
    logFailure(error, request);
    if (!stream.signal.aborted) stream.send(STREAM_EVENTS.error, errorBody(error));
  } finally {
    stream.end();
  }
  return reply;
}
