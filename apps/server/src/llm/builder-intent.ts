import { asksForOutline, DOCUMENT_INTENTS } from './document-intents.js';

/**
 * What an owner's builder message asks of their documents, read once by the builder service: the
 * evidence is chosen by it (an outline is the documents' sections in order, as a visitor's
 * "summarise it" gets) and the offline builder acts on it without reading the message again.
 */
export type BuilderIntent = 'outline' | 'suggest' | 'update' | null;

export function builderIntent(message: string): BuilderIntent {
  if (asksForOutline(message)) return 'outline';
  if (DOCUMENT_INTENTS.suggestQuestions.test(message)) return 'suggest';
  if (DOCUMENT_INTENTS.updateSpark.test(message)) return 'update';
  return null;
}
