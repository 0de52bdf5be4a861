import { foldText } from './fold-text.js';

/**
 * A question reduced to what makes it the same question (`foldText`), bounded for an index:
 * "¿Cuál es el horario?" and "cual es el horario" group together.
 */
export function questionKey(question: string): string {
  return foldText(question).slice(0, 500);
}
