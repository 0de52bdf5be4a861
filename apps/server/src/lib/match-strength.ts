import { contentWords } from './content-words.js';
import { inverseDocumentFrequency } from './inverse-document-frequency.js';

/** What a passage offers a question: its words, with its document's title and its section's heading. */
export interface MatchedText {
  title: string;
  heading?: string | null | undefined;
  text: string;
}

/**
 * The passages the strength is measured over: those retrieval ranks first. The answer is handed a
 * few more, where a fact worded unlike the question may be found, but a question's word met only
 * that far down says the match is loose, not strong (docs/decisions/0032).
 */
export const MATCHED_PASSAGES = 6;

/** Letters two words must share from their start to count as one: fewer join words of unrelated meanings. */
const MIN_SHARED_PREFIX = 4;
/** Of the shorter word, the share its common start with the other must cover. */
const SHARED_PREFIX_SHARE = 0.8;

/**
 * Whether a passage's words hold a question's word, as it is or inflected otherwise: the light
 * stemming of contentWords leaves "abrís" and "abrimos", "hora" and "horario" apart, and a
 * question in the visitor's words rarely uses the document's form of a verb.
 */
export function holds(text: ReadonlySet<string>, word: string): boolean {
  if (text.has(word)) return true;
  if (word.length < MIN_SHARED_PREFIX) return false;
  for (const other of text) {
    const needed = Math.max(MIN_SHARED_PREFIX, Math.ceil(SHARED_PREFIX_SHARE * Math.min(word.length, other.length)));
    if (other.length >= needed && other.slice(0, needed) === word.slice(0, needed)) return true;
  }
  return false;
}

/**
 * How much of a question the best of the first passages covers, from 0 to 1: the question's words
 * weighted by how rare they are among the passages (a word in every passage is what they were
 * all found for and tells them apart least; a word in none weighs most, since nothing speaks of
 * it), summed over the words the passage holds, divided by the sum over all. Each wording of the
 * question (a translation, a follow-up with its subject) is measured and the best one counts.
 */
export function matchStrength(wordings: readonly string[], passages: readonly MatchedText[]): number {
  if (passages.length === 0) return 0;
  const texts = passages.slice(0, MATCHED_PASSAGES).map((passage) => new Set(contentWords(`${passage.title} ${passage.heading ?? ''} ${passage.text}`)));
  const weightOf = (word: string): number => {
    const frequency = texts.filter((text) => holds(text, word)).length;
    return inverseDocumentFrequency(frequency, texts.length);
  };
  let best = 0;
  for (const wording of wordings) {
    const words = [...new Set(contentWords(wording))];
    if (words.length === 0) continue;
    const weights = new Map(words.map((word) => [word, weightOf(word)]));
    const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
    for (const text of texts) {
      const covered = words.reduce((sum, word) => sum + (holds(text, word) ? weights.get(word)! : 0), 0);
      best = Math.max(best, covered / total);
    }
  }
  return best;
}
