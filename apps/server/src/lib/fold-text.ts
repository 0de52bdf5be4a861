/**
 * Text reduced to what a reader compares: lower case, no accents, no punctuation, single spaces.
 * "¿Cuál es el horario?" and "cual es el horario" fold alike.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
