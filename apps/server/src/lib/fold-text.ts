/**
 * The one accent fold of the engine: index, question and offline ranking compare letters without
 * their accents, because people type "politica" as often as "política".
 */
export const foldAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}+/gu, '');

/**
 * Text reduced to what a reader compares: lower case, no accents, no punctuation, single spaces.
 * "¿Cuál es el horario?" and "cual es el horario" fold alike.
 */
export function foldText(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
