import type { Language } from '../corpus.js';

export interface EvalQuestion {
  id: string;
  /** A CorpusDocument id. */
  document: string;
  language: Language;
  /** As a user types it: paraphrased, short, sometimes vague; never copied from the text. */
  question: string;
  /**
   * kind 'fact': any one of these, matched case-insensitively after whitespace normalisation, in
   * a correct answer; each short and exactly as the document writes it.
   * kind 'summary': the topics a fair summary names; it passes with at least half of them.
   */
  facts: string[];
  /** The PDF page (1-based, as the pipeline counts) where the fact is. */
  page?: number;
  kind: 'fact' | 'summary';
}

/**
 * Questions of one document, written without repeating its id and language on every line. Ids
 * are `document/slug` so a subset named by id survives questions being added or reordered.
 */
export function questionsOf(document: string, language: Language) {
  return {
    fact: (slug: string, question: string, facts: string[], page: number): EvalQuestion => ({
      id: `${document}/${slug}`,
      document,
      language,
      question,
      facts,
      page,
      kind: 'fact',
    }),
    summary: (slug: string, question: string, topics: string[]): EvalQuestion => ({
      id: `${document}/${slug}`,
      document,
      language,
      question,
      facts: topics,
      kind: 'summary',
    }),
  };
}
