import type { Language } from '@sparks/contract';
import { answerIntent } from '#src/llm/answer-intent.js';
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
  const intent = answerIntent(question) === 'outline' ? 'outline' : 'question';
  return knowledgeAnswer(question, { passages: [...passages], language, documentsLanguage: null, wordings: [], weakMatch: false, intent, ...context });
}
