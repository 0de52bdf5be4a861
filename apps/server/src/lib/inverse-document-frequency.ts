/**
 * BM25's inverse document frequency of a word held by `holding` of `total` texts (chunks of a
 * Spark, passages handed to an answer, elements of a record): the fewer hold it, the more it tells
 * them apart. Never negative, even for a word every text holds.
 */
export const inverseDocumentFrequency = (holding: number, total: number): number => Math.log(1 + (Math.max(total, holding) - holding + 0.5) / (holding + 0.5));
