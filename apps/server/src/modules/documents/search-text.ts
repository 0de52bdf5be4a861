import { withoutFigureWord } from '../../lib/figure-question.js';

/**
 * Text as the full-text index sees it. Accents are folded on both sides (index and question)
 * because people type "politica" as often as "política"; the stemmers then work on plain letters.
 */
export const foldAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}+/gu, '');

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
