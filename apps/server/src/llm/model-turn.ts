import type { LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { ChatMessage } from '@sparks/contract';
import { stepCountIs, streamText, type ModelMessage, type ToolSet } from 'ai';
import { AppError } from '../lib/app-error.js';
import { modelFailed, modelTimedOut } from '../lib/model-failure.js';
import type { TurnEvent } from '../lib/turn-event.js';

export interface ModelTurnOptions {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  /** Cards the tools produced, by tool call; shown after each step in the order the model called them. */
  pending?: Map<string, ChatMessage[]>;
  /** Turns a finished block of model text into the message the chat shows. */
  finishText: (text: string) => ChatMessage;
  /** Data for the provider beside the prompt (the offline responder's request, `responder-request.ts`). */
  providerOptions?: SharedV3ProviderOptions;
  timeoutMs: number;
  idleTimeoutMs: number;
  /** The client went away: stop paying for tokens nobody reads. */
  signal: AbortSignal;
}

/** At most this many model calls per turn (tool calls and the answer after them). */
const MAX_STEPS = 4;

class IdleTimeout extends Error {}

/**
 * Runs one turn against the language model and yields what the chat shows as it happens: text
 * deltas as the model writes, then each finished message (model text, or a card a tool made).
 * Any failure — provider error, malformed stream, silence, overall timeout — ends as one
 * AppError with a message for the user.
 */
export async function* modelTurn(options: ModelTurnOptions): AsyncGenerator<TurnEvent> {
  const idle = new AbortController();
  const total = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([idle.signal, total, options.signal]);
  let idleTimer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => idle.abort(new IdleTimeout()), options.idleTimeoutMs);
  };
  let text = '';
  const calls: string[] = [];
  function* flushText(): Generator<TurnEvent> {
    if (text.trim()) yield { type: 'message', message: options.finishText(text.trim()) };
    text = '';
  }
  // Tools of one step run in parallel; their cards follow the order of the calls, not of completion.
  function* drainCards(): Generator<TurnEvent> {
    for (const id of calls.splice(0)) {
      for (const message of options.pending?.get(id) ?? []) yield { type: 'message', message };
      options.pending?.delete(id);
    }
  }

  try {
    touch();
    const result = streamText({
      model: options.model,
      system: options.system,
      messages: options.messages,
      ...(options.tools ? { tools: options.tools } : {}),
      ...(options.providerOptions ? { providerOptions: options.providerOptions } : {}),
      stopWhen: stepCountIs(MAX_STEPS),
      abortSignal: signal,
      maxRetries: 1,
      // Failures are read from the stream's parts below; the SDK would otherwise also print them.
      onError: () => undefined,
    });
    for await (const part of result.fullStream) {
      touch();
      if (part.type === 'text-delta') {
        text += part.text;
        yield { type: 'delta', text: part.text };
      } else if (part.type === 'text-end') {
        yield* flushText();
      } else if (part.type === 'tool-call') {
        yield* flushText();
        calls.push(part.toolCallId);
      } else if (part.type === 'finish-step') {
        yield* flushText();
        yield* drainCards();
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        throw signal.reason ?? new Error('aborted');
      }
    }
    yield* flushText();
    yield* drainCards();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (total.aborted || idle.signal.aborted) throw modelTimedOut();
    if (options.signal.aborted) throw options.signal.reason;
    throw Object.assign(modelFailed(), { cause: error });
  } finally {
    clearTimeout(idleTimer);
  }
}
