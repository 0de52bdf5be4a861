import type { Language } from '@sparks/contract';
import { generateText } from 'ai';
import type { ModelSettings } from './model-turn.js';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish' };

/** A translation is a question again, not an essay: anything longer is the model answering instead. */
const MAX_GROWTH = 3;
const MAX_OUTPUT_TOKENS = 200;

/**
 * A visitor's question in the language the Spark's documents are written in, so full-text search
 * finds what they say ("¿Cuántos días de vacaciones tengo?" → "How many vacation days do I
 * have?"). Null when it cannot be had: the built-in responder does not translate, and a model that
 * fails, stalls or answers instead of translating costs the translation, never the answer.
 */
export async function translateQuestion(settings: ModelSettings, question: string, to: Language, signal: AbortSignal): Promise<string | null> {
  if (settings.model.provider === 'offline') return null;
  try {
    const { text } = await generateText({
      model: settings.model,
      system: `Translate the user's message into ${LANGUAGE_NAMES[to]}. Reply with the translation only: no answer, no explanation, no quotes.`,
      prompt: question,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      maxRetries: 0,
      abortSignal: AbortSignal.any([signal, AbortSignal.timeout(settings.idleTimeoutMs)]),
    });
    const translation = text.trim();
    return translation && translation.length <= question.length * MAX_GROWTH + 20 ? translation : null;
  } catch {
    return null;
  }
}
