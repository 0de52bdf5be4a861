import { contentWords } from '../../lib/content-words.js';

/**
 * Ranks the passages a prompt carries against a question with BM25, so the offline responder
 * answers from the most relevant ones. Words are compared as contentWords reads them.
 */

export interface Ranked<T> {
  item: T;
  score: number;
}

/** BM25 (k1 1.2, b 0.75) of each text against the query; texts sharing no term score 0. */
export function rankTexts<T>(query: string, items: readonly T[], textOf: (item: T) => string): Array<Ranked<T>> {
  const queryTerms = [...new Set(contentWords(query))];
  const documents = items.map((item) => contentWords(textOf(item)));
  const averageLength = documents.reduce((sum, doc) => sum + doc.length, 0) / Math.max(documents.length, 1) || 1;
  const documentFrequency = new Map<string, number>();
  for (const term of queryTerms) documentFrequency.set(term, documents.filter((doc) => doc.includes(term)).length);
  return items
    .map((item, index) => {
      const doc = documents[index] ?? [];
      let score = 0;
      for (const term of queryTerms) {
        const frequency = doc.filter((word) => word === term).length;
        if (frequency === 0) continue;
        const df = documentFrequency.get(term) ?? 0;
        const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
        score += (idf * frequency * 2.2) / (frequency + 1.2 * (0.25 + (0.75 * doc.length) / averageLength));
      }
      return { item, score };
    })
    .sort((a, b) => b.score - a.score);
}
