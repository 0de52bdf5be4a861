/**
 * Ranks the passages a prompt carries against a question with BM25, so the offline responder
 * answers from the most relevant ones. Tokens are folded (case, accents) and lightly stemmed so
 * "Returns" meets "return" and "devolución" meets "devoluciones".
 */

const STOPWORDS = new Set(
  (
    'a an and are as at be by can could do does for from has have how i if in into is it its me my of on or our please ' +
    'so that the their them there these they this to us was we what when where which who why will with would you your ' +
    'al como con cual cuando de del donde el ella en es esta este esto hay la las le lo los me mi mis no o para pero por ' +
    'que se si sin sobre su sus te tu tus un una unas uno unos y ya yo'
  ).split(' '),
);

export function tokens(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !STOPWORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

export interface Ranked<T> {
  item: T;
  score: number;
}

/** BM25 (k1 1.2, b 0.75) of each text against the query; texts sharing no term score 0. */
export function rankTexts<T>(query: string, items: readonly T[], textOf: (item: T) => string): Array<Ranked<T>> {
  const queryTerms = [...new Set(tokens(query))];
  const documents = items.map((item) => tokens(textOf(item)));
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
