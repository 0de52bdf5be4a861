import type { Language } from '@sparks/contract';
import { generateText } from 'ai';
import type { Translator } from './apertium-translator.js';
import type { ModelSettings } from '../lib/model-settings.js';

/** What a question is searched with besides its own words. */
export interface WordingsRequest {
  question: string;
  /** The visitor's previous question in the conversation, for a follow-up ("and how much does it cost?"). */
  previous: string | null;
  questionLanguage: Language;
  /** The languages the Spark's documents are written in. */
  documentsLanguages: readonly Language[];
  signal?: AbortSignal;
}

/** Other wordings of a question to search beside it; each is searched and the rankings fused. */
export type SearchWordings = (request: WordingsRequest) => Promise<string[]>;

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish' };
/** A wording is a question, not an essay: anything longer is the model answering instead. */
const MAX_WORDING_CHARS = 300;
const MAX_WORDINGS = 3;
const MAX_OUTPUT_TOKENS = 200;

/** The documents' language when the question is in none of them: the search needs the question in it. */
const foreignTarget = ({ questionLanguage, documentsLanguages }: WordingsRequest): Language | null =>
  documentsLanguages.length > 0 && !documentsLanguages.includes(questionLanguage) ? documentsLanguages[0]! : null;

/**
 * Without a model: a follow-up is also searched together with the question before it (its subject
 * is there), and a question in another language than the documents also in Apertium's translation,
 * when Apertium is installed. The question's own words are always searched too, so names and
 * figures a rule-based translation mangles still count (docs/decisions/0025).
 */
export function offlineSearchWordings(translator: Translator | null): SearchWordings {
  return async (request) => {
    const { question, previous, questionLanguage, signal } = request;
    const joined = previous ? `${previous} ${question}` : null;
    const wordings = joined ? [joined] : [];
    const target = foreignTarget(request);
    if (translator && target) {
      for (const text of [question, ...(joined ? [joined] : [])]) {
        const translation = await translator.translate(text, questionLanguage, target, signal);
        if (translation) wordings.push(translation);
      }
    }
    return wordings;
  };
}

/** The model's answer as search wordings: one a line, without list marks or quotes, bounded. */
function wordingsOf(text: string, question: string): string[] {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
        .replace(/^["“«']+|["”»']+$/g, '')
        .trim(),
    )
    .filter((line) => line.length > 0 && line.length <= Math.max(MAX_WORDING_CHARS, question.length * 3) && line !== question)
    .slice(0, MAX_WORDINGS);
}

/**
 * With a model: one short call writes the question as the documents would say it, in their
 * language, standalone (a follow-up gets its subject from the previous question), two or three
 * ways. Only where the question's own words cannot find the answer: a question in another
 * language than the documents, or a follow-up; a first question in the documents' language costs
 * no second call (docs/decisions/0025). The call has its own time-out; when it fails, stalls or
 * answers instead, the offline wordings stand in and the answer goes on.
 */
export function modelSearchWordings(settings: ModelSettings, fallback: SearchWordings): SearchWordings {
  return async (request) => {
    const foreign = foreignTarget(request);
    if (!foreign && !request.previous) return [];
    const language = foreign ?? request.documentsLanguages[0] ?? request.questionLanguage;
    const context = request.previous ? `Earlier question: ${request.previous}\n` : '';
    try {
      const { text } = await generateText({
        model: settings.model,
        system: `You help search a business's documents, which are written in ${LANGUAGE_NAMES[language]}. Rewrite the user's last question as ${MAX_WORDINGS} short search queries in ${LANGUAGE_NAMES[language]}, one per line, each understandable without the conversation and worded as such documents would word it. Reply with the queries only: no answer, no explanation.`,
        prompt: `${context}Question: ${request.question}`,
        maxOutputTokens: MAX_OUTPUT_TOKENS,
        maxRetries: 0,
        abortSignal: AbortSignal.any([...(request.signal ? [request.signal] : []), AbortSignal.timeout(settings.idleTimeoutMs)]),
      });
      const wordings = wordingsOf(text, request.question);
      if (wordings.length > 0) return [...wordings, ...(request.previous ? [`${request.previous} ${request.question}`] : [])];
    } catch {
      // The wordings are an aid to the search: without them it searches the question's own words.
    }
    return fallback(request);
  };
}
