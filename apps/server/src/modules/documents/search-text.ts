import { withoutFigureWord } from '../../lib/figure-question.js';
import { foldAccents } from '../../lib/fold-text.js';

const MAX_TERMS = 32;

/** The words of a question, folded and de-duplicated: safe to join into a tsquery (letters and digits only). */
export function queryTerms(question: string): string[] {
  const words = foldAccents(withoutFigureWord(question))
    .split(/[^\p{L}\p{N}]+/u)
    // A capital letter alone is a name ("What is R?"), not an article: it stays.
    .filter((word) => (word.length >= 2 || /^[A-Z]$/.test(word)) && word.length <= 40)
    .map((word) => word.toLowerCase());
  return [...new Set(words)].slice(0, MAX_TERMS);
}

export const SEARCH_CONFIGS = { en: 'english', es: 'spanish' } as const;
