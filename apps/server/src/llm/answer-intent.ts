import { TEST_START_MESSAGE } from '@sparks/contract';
import { asksForOutline, DOCUMENT_INTENTS } from './document-intents.js';

/**
 * What a question to a Spark asks for, read once for every path (the answer service, the offline
 * responder's tests and the evaluation): the test chat's opening word asks for the welcome
 * message, a request for a person for the hand-off, "summarise it" for the documents' outline
 * (it names no subject to search for), anything else for an answer from the evidence.
 */
export type AnswerIntent = 'welcome' | 'person' | 'outline' | 'question';

export function answerIntent(question: string): AnswerIntent {
  if (question.trim().toLowerCase() === TEST_START_MESSAGE) return 'welcome';
  if (DOCUMENT_INTENTS.person.test(question)) return 'person';
  if (asksForOutline(question)) return 'outline';
  return 'question';
}
