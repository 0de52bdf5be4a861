import type { Language } from '@sparks/contract';
import { inverseDocumentFrequency } from '../../lib/inverse-document-frequency.js';

/** A word of a question as one stemmer reads it, and how many of the Spark's chunks hold it. */
export interface QuestionTerm {
  config: Language;
  lexeme: string;
  chunks: number;
}

/**
 * How a question is searched (docs/decisions/0009). When the chunks holding any word of the
 * question are few enough, all of them are ranked. Otherwise a bounded number of candidates is
 * ranked, taken from tiers in order until there are enough: the chunks holding the question's four
 * rarest words, those holding its two rarest words, then those holding each rare word in turn,
 * rarest first. A word found in most chunks thus costs nothing, and a word only a few chunks hold
 * always brings them in.
 */
export type SearchPlan =
  | { kind: 'none' }
  | { kind: 'exhaustive'; match: string; weights: TermWeight[] }
  | { kind: 'candidates'; weights: TermWeight[]; tiers: string[]; candidates: number };

/** A word's inverse document frequency in the Spark (BM25's): the rarer, the more a chunk holding it is worth. */
export interface TermWeight {
  lexeme: string;
  idf: number;
}

/** The words of a question with their counts, and how many chunks the Spark has in all. */
export interface QuestionTerms {
  terms: readonly QuestionTerm[];
  total: number;
}

export interface SearchBudget {
  /** Up to this many matching chunks (summed over the question's words), every one is ranked. */
  exhaustive: number;
  /** Otherwise the most chunks one question ranks. */
  candidates: number;
}

/** Lexemes come from the stemmers over letters and digits; anything else is dropped rather than quoted into a tsquery. */
const SAFE_LEXEME = /^[\p{L}\p{N}]+$/u;

/** Words a chunk's score is computed from, rarest first. */
const MAX_SCORED_WORDS = 12;

/** Words the first tier requires together. */
const MAX_TIER_WORDS = 4;

/** Single-word tiers at most; a question rarely has more words worth a tier of their own. */
const MAX_WORD_TIERS = 4;

const anyOf = (lexemes: readonly string[]) => lexemes.map((lexeme) => `'${lexeme}'`).join(' | ');
const allOf = (lexemes: readonly string[]) => lexemes.map((lexeme) => `'${lexeme}'`).join(' & ');

/**
 * The question's words as the stemmer that finds more of them in this Spark reads them (the
 * language its documents are in), present in the Spark and safe to quote into a tsquery.
 */
export function dominantLexemes(terms: readonly QuestionTerm[]): string[] {
  const present = terms.filter((term) => term.chunks > 0 && SAFE_LEXEME.test(term.lexeme));
  const ofConfig = (config: QuestionTerm['config']) => [...new Set(present.filter((term) => term.config === config).map((term) => term.lexeme))];
  const weight = (config: QuestionTerm['config']) => present.filter((term) => term.config === config).reduce((sum, term) => sum + term.chunks, 0);
  return weight('es') > weight('en') ? ofConfig('es') : ofConfig('en');
}

/** `limit` is the number of passages wanted: never fewer candidates than that. */
export function planSearch({ terms, total }: QuestionTerms, budget: SearchBudget, limit: number): SearchPlan {
  const present = terms.filter((term) => term.chunks > 0 && SAFE_LEXEME.test(term.lexeme));
  if (present.length === 0) return { kind: 'none' };
  const counts = new Map(present.map((term) => [term.lexeme, term.chunks]));
  const lexemes = [...counts.keys()].sort();
  // The rarest words carry the score; past a dozen, the common ones add cost and next to nothing else.
  const weights = [...lexemes]
    .sort((a, b) => counts.get(a)! - counts.get(b)! || a.localeCompare(b))
    .slice(0, MAX_SCORED_WORDS)
    .sort()
    .map((lexeme) => ({ lexeme, idf: Math.round(inverseDocumentFrequency(counts.get(lexeme)!, total) * 1e6) / 1e6 }));
  const upperBound = [...counts.values()].reduce((sum, chunks) => sum + chunks, 0);
  if (upperBound <= budget.exhaustive) return { kind: 'exhaustive', match: anyOf(lexemes), weights };

  const rarestFirst = (list: readonly string[]) => [...list].sort((a, b) => counts.get(a)! - counts.get(b)! || a.localeCompare(b));
  const dominant = dominantLexemes(present);

  const candidates = Math.max(limit, budget.candidates);
  const tiers: string[] = [];
  const add = (query: string) => {
    if (!tiers.includes(query)) tiers.push(query);
  };
  const specific = rarestFirst(dominant);
  // Four words at most: each adds its whole posting list to the index scan, and the commonest add the least.
  if (specific.length > 1) add(allOf(specific.slice(0, MAX_TIER_WORDS)));
  if (specific.length > 2) add(allOf(specific.slice(0, 2)));
  let covered = 0;
  for (const lexeme of rarestFirst(lexemes).slice(0, MAX_WORD_TIERS)) {
    if (covered >= candidates) break;
    add(`'${lexeme}'`);
    covered += counts.get(lexeme)!;
  }
  return { kind: 'candidates', weights, tiers, candidates };
}
