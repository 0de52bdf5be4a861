import { TEST_CASE_LIMITS, TEST_START_MESSAGE, type CaseProposal, type ChatMessage, type SparkDocument } from '@sparks/contract';

/** Amounts with their unit ("30 days", "45 €", "2 semanas"): the facts an answer most often must keep. */
const AMOUNT =
  /\b\d+(?:[.,]\d+)?\s?(?:%|€|\$|eur(?:os?)?|dollars?|d[oó]lares|days?|d[ií]as?|hours?|horas?|weeks?|semanas?|months?|mes(?:es)?|years?|a[nñ]os?|minutes?|minutos?|km|kg|cm|mm)(?=$|[\s.,;:!?)])/giu;

/** The questions of a test chat, in order: the start phrase and empty messages are not questions. */
export function questionsOf(messages: readonly ChatMessage[]): string[] {
  return messages
    .filter((message) => message.type === 'human')
    .map((message) => (message.data.content ?? '').trim())
    .filter((text) => text !== '' && text.toLowerCase() !== TEST_START_MESSAGE)
    .slice(-TEST_CASE_LIMITS.turns);
}

export function lastAnswerOf(messages: readonly ChatMessage[]): ChatMessage | undefined {
  return messages.findLast((message) => message.type === 'ai' && typeof message.data.content === 'string' && message.data.content.trim() !== '');
}

/**
 * What to propose for a test chat the owner wants to keep: its questions, and from its last answer
 * the amounts it states as facts to keep and the document it cited (if the Spark still has it).
 * The owner edits the proposal before saving; nothing is kept until then.
 */
export function proposeCase(messages: readonly ChatMessage[], documents: readonly SparkDocument[]): CaseProposal {
  const turns = questionsOf(messages);
  const answer = lastAnswerOf(messages);
  const text = answer?.data.content ?? '';
  const amounts = [...new Set([...text.replace(/[*_`]/g, '').matchAll(AMOUNT)].map((match) => match[0].trim()))].slice(0, 3);
  const citedId = answer?.data.citations?.find((citation) => citation.documentId && documents.some((document) => document._id === citation.documentId))?.documentId;
  const cited = documents.find((document) => document._id === citedId);
  const first = turns[0] ?? '';
  return {
    name: first.length > TEST_CASE_LIMITS.nameChars ? `${first.slice(0, TEST_CASE_LIMITS.nameChars - 1).trimEnd()}…` : first,
    turns,
    answer: text,
    expectations: { mustInclude: amounts, mustNotInclude: [], citesDocument: cited ? { documentId: cited._id, name: cited.name } : null, expectation: null },
  };
}
