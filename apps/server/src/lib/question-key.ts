/**
 * A question reduced to what makes it the same question: lower case, no accents, no punctuation,
 * single spaces. "¿Cuál es el horario?" and "cual es el horario" group together.
 */
export function questionKey(question: string): string {
  return question
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 500);
}
