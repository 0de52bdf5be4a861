/** "How long / many / much / often …" asks for a figure: the adjective belongs to the question's form, not to what it asks about. */
const FIGURE_QUESTION = /\bhow\s+(?:long|many|much|often|far|old|soon)\b/giu;

/**
 * The question without the adjective of "how long", "how many"…: "How long is parental leave?"
 * is about leave, and a passage that says "14 characters long" does not answer it.
 */
export function withoutFigureWord(question: string): string {
  return question.replace(FIGURE_QUESTION, 'how');
}
