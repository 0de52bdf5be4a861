import {
  TEST_CASE_LIMITS,
  TEST_START_MESSAGE,
  actionOfferSchema,
  type CaseProposal,
  type ChatMessage,
  type Expectations,
  type SparkDocument,
} from '@sparks/contract';

/** Amounts with their unit ("30 days", "45 €", "2 semanas"): the facts an answer most often must keep. */
const AMOUNT =
  /\b\d+(?:[.,]\d+)?\s?(?:%|€|\$|eur(?:os?)?|dollars?|d[oó]lares|days?|d[ií]as?|hours?|horas?|weeks?|semanas?|months?|mes(?:es)?|years?|a[nñ]os?|minutes?|minutos?|km|kg|cm|mm)(?=$|[\s.,;:!?)])/giu;

const answerText = (message: ChatMessage | undefined): string => (typeof message?.data.content === 'string' ? message.data.content : '');

/** The questions of a test chat, in order, each with the answer it got: the start phrase and empty messages are not questions. */
export function turnsOf(messages: readonly ChatMessage[]): Array<{ question: string; answer: ChatMessage | undefined }> {
  const turns: Array<{ question: string; answer: ChatMessage | undefined; closed?: boolean }> = [];
  let current: { question: string; answer: ChatMessage | undefined; closed?: boolean } | undefined;
  for (const message of messages) {
    // What the owner gave an action's form answers the question before it: it is not a question of its own.
    if (message.type === 'human' && message.data.givenFor) {
      if (current) current.closed = true;
      continue;
    }
    if (message.type === 'human') {
      const text = (message.data.content ?? '').trim();
      current = text !== '' && text.toLowerCase() !== TEST_START_MESSAGE ? { question: text, answer: undefined } : undefined;
      if (current) turns.push(current);
    } else if (message.type === 'ai' && current && !current.closed && answerText(message).trim() !== '') {
      current.answer = message;
    }
  }
  return turns.slice(-TEST_CASE_LIMITS.turns).map(({ question, answer }) => ({ question, answer }));
}

/** What one answer shows by itself: the amounts it states as facts to keep and the document it cited (if the Spark still has it). */
function expectationsOf(answer: ChatMessage | undefined, documents: readonly SparkDocument[]): Expectations {
  const text = answerText(answer);
  const amounts = [...new Set([...text.replace(/[*_`]/g, '').matchAll(AMOUNT)].map((match) => match[0].trim()))].slice(0, 3);
  const citedId = answer?.data.citations?.find(
    (citation) => citation.documentId && documents.some((document) => document._id === citation.documentId),
  )?.documentId;
  const cited = documents.find((document) => document._id === citedId);
  // An answer that offered an action is expected to offer it again, with what the question itself gave it.
  const offer = actionOfferSchema.safeParse(answer?.data.action);
  const callsAction = offer.success ? { actionId: offer.data.actionId, name: offer.data.name, values: offer.data.values } : null;
  return {
    mustInclude: amounts,
    mustNotInclude: [],
    citesDocument: cited ? { documentId: cited._id, name: cited.name } : null,
    expectation: null,
    callsAction,
  };
}

/**
 * What to propose for a test chat the owner wants to keep: each question with its answer and what
 * that answer shows by itself. The owner edits the proposal, question by question, before saving;
 * nothing is kept until then.
 */
export function proposeCase(messages: readonly ChatMessage[], documents: readonly SparkDocument[]): CaseProposal {
  const turns = turnsOf(messages);
  const first = turns[0]?.question ?? '';
  return {
    name: first.length > TEST_CASE_LIMITS.nameChars ? `${first.slice(0, TEST_CASE_LIMITS.nameChars - 1).trimEnd()}…` : first,
    turns: turns.map((turn) => ({ question: turn.question, answer: answerText(turn.answer), expectations: expectationsOf(turn.answer, documents) })),
  };
}
