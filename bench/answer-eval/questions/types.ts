import type { Language } from '../corpus.js';

export interface EvalQuestion {
  id: string;
  /** A CorpusDocument id. */
  document: string;
  /** The language the question is asked in: the document's, or the other one (a visitor who reads the other language). */
  language: Language;
  /** As a user types it: paraphrased, short, sometimes vague; never copied from the text. */
  question: string;
  /**
   * kind 'fact': any one of these, matched case-insensitively after whitespace normalisation, in
   * a correct answer; each short and exactly as the document writes it (in the document's
   * language, whatever the question's).
   * kind 'summary': the topics a fair summary names; it passes with at least half of them.
   * kind 'unanswerable': none; the document does not answer the question, and an honest answer says so.
   */
  facts: string[];
  /** The page (1-based, as the pipeline counts; 1 for a text or Markdown file without page breaks) where the fact is. */
  page?: number;
  kind: 'fact' | 'summary' | 'unanswerable';
  /**
   * A follow-up: the id of the question asked just before it in the same conversation. It only
   * makes sense after that one ("and how much does it cost?", "¿y cómo lo instalo?").
   */
  after?: string;
}

/** What a question may say beyond its text: asked in the other language, or as a follow-up of another. */
export interface QuestionOptions {
  /** The question's language when it is not the document's. */
  language?: Language;
  /** The slug (same document) of the question this one follows in the conversation. */
  after?: string;
}

/**
 * Questions of one document, written without repeating its id and language on every line. Ids
 * are `document/slug` so a subset named by id survives questions being added or reordered.
 */
export function questionsOf(document: string, language: Language) {
  const extra = (options: QuestionOptions) => ({
    language: options.language ?? language,
    ...(options.after ? { after: `${document}/${options.after}` } : {}),
  });
  return {
    fact: (slug: string, question: string, facts: string[], page: number, options: QuestionOptions = {}): EvalQuestion => ({
      id: `${document}/${slug}`,
      document,
      question,
      facts,
      page,
      kind: 'fact',
      ...extra(options),
    }),
    summary: (slug: string, question: string, topics: string[], options: QuestionOptions = {}): EvalQuestion => ({
      id: `${document}/${slug}`,
      document,
      question,
      facts: topics,
      kind: 'summary',
      ...extra(options),
    }),
    /**
     * A question a visitor might well ask that the document does not answer (checked by reading
     * it, not by searching): an honest answer says it does not know; quoting something else as the
     * answer is confidently wrong.
     */
    unanswerable: (slug: string, question: string, options: QuestionOptions = {}): EvalQuestion => ({
      id: `${document}/${slug}`,
      document,
      question,
      facts: [],
      kind: 'unanswerable',
      ...extra(options),
    }),
  };
}
