import type { JSONObject, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { Language } from '@sparks/contract';
import type { AnswerIntent } from './answer-intent.js';
import type { BuilderIntent } from './builder-intent.js';
import type { AssistantState, Passage, SparkSettings } from './prompt-format.js';

/**
 * What the offline responder is told of a turn, as typed data beside the prompt a real model reads
 * (docs/decisions/0007): the same passages and the same facts the prompt is written from, so the
 * responder never parses the prompt's sentences back. A real provider reads only its own key of
 * the provider options and never sees this one.
 */
export type ResponderRequest =
  | {
      kind: 'answer';
      passages: Passage[];
      /** The language the answer is written in (the question's). */
      language: Language;
      /** The documents' language when no document is in the question's: the answer says so when nothing matches. */
      documentsLanguage: Language | null;
      /** The other wordings the question was searched in (decision 0025). */
      wordings: string[];
      /** The best passage covers little of the question (decision 0026). */
      weakMatch: boolean;
      /** What the question asks of the passages: an answer, or (they being the documents' outline) a summary. */
      intent: Extract<AnswerIntent, 'question' | 'outline'>;
    }
  | {
      kind: 'builder';
      passages: Passage[];
      language: Language;
      settings: SparkSettings;
      /** What the owner's message asks of the documents (the passages are their outline for 'outline'). */
      intent: BuilderIntent;
    }
  | { kind: 'assistant'; language: Language; state: AssistantState };

/** The key of the provider options the request travels under. */
const KEY = 'sparks';

/** A request as the provider options of a model call. */
export function responderOptions(request: ResponderRequest): SharedV3ProviderOptions {
  // Passages are plain data; JSON keeps what a structured clone would.
  return { [KEY]: { request: JSON.parse(JSON.stringify(request)) as JSONObject } };
}

/** The request a call carries, when it carries one. */
export function responderRequestOf(options: SharedV3ProviderOptions | undefined): ResponderRequest | undefined {
  return options?.[KEY]?.request as ResponderRequest | undefined;
}
