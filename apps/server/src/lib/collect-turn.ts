import type { ChatMessage } from '@sparks/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TurnEvent } from './turn-event.js';
import { AppError } from './app-error.js';
import { logTurnFailure } from './log-turn-failure.js';

/** A turn ready to run: its conversation, and the events it produces once started. */
export interface RunnableTurn {
  conversationId: string;
  events(signal: AbortSignal): AsyncGenerator<TurnEvent>;
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
    if (error instanceof AppError) logTurnFailure(error, request);
    throw error;
  }
  return messages;
}
