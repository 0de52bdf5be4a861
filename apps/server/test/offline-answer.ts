import type { Language } from '@sparks/contract';
import { DOCUMENT_INTENTS } from '#src/llm/document-intents.js';
import { knowledgeAnswer } from '#src/llm/offline/knowledge-answer.js';
import type { Passage } from '#src/llm/prompt-format.js';
import type { ResponderRequest } from '#src/llm/responder-request.js';

type AnswerRequest = Extract<ResponderRequest, { kind: 'answer' }>;

/**
 * The offline answer to a question over these passages, with the request the answer service would
 * send: an outline when the question asks for a summary, nothing else said unless `context` says it.
 */
export function offlineAnswer(
  question: string,
  passages: readonly Passage[],
  language: Language,
  context: Partial<Pick<AnswerRequest, 'documentsLanguage' | 'wordings' | 'weakMatch'>> = {},
): string {
  const outline = DOCUMENT_INTENTS.summarize.test(question) || DOCUMENT_INTENTS.overview.test(question);
  return knowledgeAnswer(question, { passages: [...passages], language, documentsLanguage: null, wordings: [], weakMatch: false, outline, ...context });
}
