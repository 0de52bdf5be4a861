import type { FastifyInstance } from 'fastify';
import type { CorpusDocument, Language } from './corpus.js';
import { figuresOf, type Figures, type QuestionResult } from './figures.js';
import type { EvalQuestion } from './questions.js';
import { sparkWith, type Spark } from './spark-session.js';
import { containsFact, debrisIn, languageRight, saysNoKnowledge, summaryCovers } from './text-match.js';

export type { Figures, QuestionResult } from './figures.js';

/** An evaluation asks hundreds of questions in minutes: the per-minute limits meant for people would stop it. */
export const ANSWER_EVAL_ENV: Record<string, string> = {
  RATE_LIMIT_MAX: '1000000',
  CHAT_TURNS_PER_MINUTE: '1000000',
  // The corpus websites are served on this machine.
  CRAWL_ALLOW_LOOPBACK: 'true',
};

export interface DocumentEvaluation {
  id: string;
  title: string;
  language: Language;
  pages: number;
  /** Passages the document was cut into, and the language the pipeline detected. */
  chunks: number;
  detectedLanguage: Language | null;
  ingestSeconds: number;
  figures: Figures;
}

export interface Evaluation {
  documents: DocumentEvaluation[];
  total: Figures;
  results: QuestionResult[];
}

export interface EvaluateOptions {
  log?: (line: string) => void;
  /**
   * Where a follow-up's leading question is found when the set asked does not hold it (a
   * subset): the leader is then asked first in the same conversation, to set the scene, and not
   * scored.
   */
  leaderOf?: (id: string) => EvalQuestion | undefined;
}

/** The conversation a question is asked in: its id once the first turn opened it, and the questions asked so far. */
interface Conversation {
  id: string | undefined;
  asked: string[];
}

async function evaluateQuestion(spark: Spark, document: CorpusDocument, question: EvalQuestion, conversation: Conversation): Promise<QuestionResult> {
  // The search endpoint sees no conversation: a follow-up is searched with the questions before it, the words the retrieval has to go on.
  const hits = await spark.search([...conversation.asked, question.question].join(' '));
  const textsOf = (passages: readonly { chunkId: string }[]) => Promise.all(passages.map((passage) => spark.passageText(passage.chunkId)));
  const found = (texts: readonly string[]) => texts.some((text) => containsFact(text, question.facts));
  const answer = await spark.ask(question.question, question.language, conversation.id);
  conversation.id = answer.conversationId;
  conversation.asked.push(question.question);
  const content = answer.ai.data.content ?? '';
  // The answer's sources are the passages its model was handed; the search's are the same retrieval when the answer names none.
  const given = answer.ai.data.sources ?? hits;
  const isFact = question.kind === 'fact';
  const factPassages = isFact ? (await textsOf(given)).flatMap((text, index) => (containsFact(text, question.facts) ? [given[index]!.marker] : [])) : [];
  const noKnowledge = saysNoKnowledge(content);
  const answered =
    question.kind === 'fact' ? containsFact(content, question.facts) : question.kind === 'summary' ? summaryCovers(content, question.facts).pass : noKnowledge;
  return {
    id: question.id,
    document: question.document,
    language: question.language,
    otherLanguage: question.language !== document.language,
    after: question.after ?? null,
    kind: question.kind,
    question: question.question,
    recallAt1: isFact && found(await textsOf(hits.slice(0, 1))),
    recallAt5: isFact && found(await textsOf(hits.slice(0, 5))),
    givenRecall: factPassages.length > 0,
    firstGiven: given[0] !== undefined && factPassages.includes(given[0].marker),
    factPassages,
    // The product's own reading of the answer's [n] markers, kept only where they name a passage.
    citedPassages: (answer.ai.data.citations ?? []).map((citation) => citation.marker),
    answered,
    // An unanswerable question answered as if the document said it is as wrong as a missed fact framed as found.
    confidentlyWrong: (isFact && !answered && !noKnowledge) || (question.kind === 'unanswerable' && !noKnowledge),
    debris: debrisIn(content),
    answerChars: content.length,
    languageRight: languageRight(content, question.language),
    saysNoKnowledge: noKnowledge,
    searchPages: hits.map((hit) => hit.page ?? null),
    answer: content,
  };
}

/**
 * The order of the turns: each question that follows no other opens a conversation of its own,
 * and the questions that follow it are asked right after it, in that conversation. A follow-up
 * whose leader is not in the set gets its leaders asked before it, unscored.
 */
async function askAll(spark: Spark, document: CorpusDocument, asked: readonly EvalQuestion[], options: EvaluateOptions): Promise<QuestionResult[]> {
  const inSet = new Set(asked.map((question) => question.id));
  const followers = new Map<string, EvalQuestion[]>();
  for (const question of asked) if (question.after !== undefined) followers.set(question.after, [...(followers.get(question.after) ?? []), question]);
  const results: QuestionResult[] = [];
  const askWithFollowers = async (question: EvalQuestion, conversation: Conversation): Promise<void> => {
    results.push(await evaluateQuestion(spark, document, question, conversation));
    // Each follow-up continues the conversation as it stood after its leader.
    for (const next of followers.get(question.id) ?? []) await askWithFollowers(next, { id: conversation.id, asked: [...conversation.asked] });
  };
  for (const question of asked) {
    if (question.after !== undefined && inSet.has(question.after)) continue;
    const conversation: Conversation = { id: undefined, asked: [] };
    for (const leader of leadersOutside(question, inSet, options)) {
      const answer = await spark.ask(leader.question, leader.language, conversation.id);
      conversation.id = answer.conversationId;
      conversation.asked.push(leader.question);
    }
    await askWithFollowers(question, conversation);
  }
  return results;
}

/** The chain of questions a follow-up follows that the set does not hold, first asked first. */
function leadersOutside(question: EvalQuestion, inSet: ReadonlySet<string>, options: EvaluateOptions): EvalQuestion[] {
  const chain: EvalQuestion[] = [];
  let current = question;
  while (current.after !== undefined && !inSet.has(current.after)) {
    const leader = options.leaderOf?.(current.after);
    if (!leader) throw new Error(`${current.id} follows ${current.after}, which is not in the set`);
    chain.unshift(leader);
    current = leader;
  }
  return chain;
}

/**
 * Asks each question of the set through the product's real API: every document uploaded into a
 * Spark of its own (in a fresh account) and read to the end by the ingestion job, then per
 * question the search a user's test chat runs, the whole passages behind it, and the test chat's
 * answer in the question's language, a follow-up in the conversation of the question it
 * follows. `app` is a started test app (startTestApp), built with ANSWER_EVAL_ENV so rate limits
 * do not interfere.
 */
export async function evaluateAnswers(
  app: FastifyInstance,
  documents: readonly CorpusDocument[],
  questions: readonly EvalQuestion[],
  options: EvaluateOptions = {},
): Promise<Evaluation> {
  const unknown = questions.filter((question) => !documents.some((document) => document.id === question.document));
  if (unknown.length > 0) throw new Error(`questions without their document: ${unknown.map((question) => question.id).join(', ')}`);
  const evaluated: DocumentEvaluation[] = [];
  const results: QuestionResult[] = [];
  for (const document of documents) {
    const asked = questions.filter((question) => question.document === document.id);
    if (asked.length === 0) continue;
    const spark = await sparkWith(app, document);
    options.log?.(`  ${document.fileName}: ready in ${spark.ingestSeconds} s, asking ${asked.length} questions`);
    const own = await askAll(spark, document, asked, options);
    results.push(...own);
    evaluated.push({
      id: document.id,
      title: document.title,
      language: document.language,
      pages: document.pages,
      chunks: spark.chunks,
      detectedLanguage: spark.detectedLanguage,
      ingestSeconds: spark.ingestSeconds,
      figures: figuresOf(own),
    });
  }
  return { documents: evaluated, total: figuresOf(results), results };
}
