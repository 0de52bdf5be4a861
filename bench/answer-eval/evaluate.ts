import { performance } from 'node:perf_hooks';
import type { DocumentPassage, RetrievedPassage, TestChatAnswer } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { codeIn, freshEmail, freshIp, latestMail, register } from '../../apps/server/test/accounts-helpers.js';
import { chatClient } from '../../apps/server/test/chat-helpers.js';
import { documentsClient } from '../../apps/server/test/documents-helpers.js';
import type { CorpusDocument, Language } from './corpus.js';
import type { EvalQuestion } from './questions.js';
import { containsFact, debrisIn, languageRight, saysNoKnowledge, summaryCovers } from './text-match.js';

/** An evaluation asks ~100 questions in a few seconds: the per-minute limits meant for people would stop it. */
export const ANSWER_EVAL_ENV: Record<string, string> = { RATE_LIMIT_MAX: '1000000', CHAT_TURNS_PER_MINUTE: '1000000' };

export interface QuestionResult {
  id: string;
  document: string;
  language: Language;
  kind: EvalQuestion['kind'];
  question: string;
  /** A fact is in the top passage / the top five passages of the search. */
  recallAt1: boolean;
  recallAt5: boolean;
  /** A fact is in the passages the answer was built from (what a real model would be given). */
  givenRecall: boolean;
  /** kind 'fact': the answer contains a fact; kind 'summary': it names at least half of the topics. */
  answered: boolean;
  debris: string[];
  answerChars: number;
  languageRight: boolean;
  saysNoKnowledge: boolean;
  /** Pages of the search's top passages, best first: where retrieval looked. */
  searchPages: Array<number | null>;
  answer: string;
}

export interface Figures {
  questions: number;
  factQuestions: number;
  recallAt1: number;
  recallAt5: number;
  givenRecall: number;
  factRate: number;
  summaryRate: number | null;
  debrisShare: number;
  meanAnswerChars: number;
  languageRight: number;
  noKnowledgeShare: number;
}

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

const share = (items: readonly unknown[], count: number): number => (items.length === 0 ? 0 : Math.round((count / items.length) * 1000) / 1000);

export function figuresOf(results: readonly QuestionResult[]): Figures {
  const facts = results.filter((result) => result.kind === 'fact');
  const summaries = results.filter((result) => result.kind === 'summary');
  const count = (items: readonly QuestionResult[], test: (result: QuestionResult) => boolean) => share(items, items.filter(test).length);
  return {
    questions: results.length,
    factQuestions: facts.length,
    recallAt1: count(facts, (result) => result.recallAt1),
    recallAt5: count(facts, (result) => result.recallAt5),
    givenRecall: count(facts, (result) => result.givenRecall),
    factRate: count(facts, (result) => result.answered),
    summaryRate: summaries.length === 0 ? null : count(summaries, (result) => result.answered),
    debrisShare: count(results, (result) => result.debris.length > 0),
    meanAnswerChars: results.length === 0 ? 0 : Math.round(results.reduce((sum, result) => sum + result.answerChars, 0) / results.length),
    languageRight: count(results, (result) => result.languageRight),
    noKnowledgeShare: count(results, (result) => result.saysNoKnowledge),
  };
}

/** A verified account of its own per document: a free plan holds few documents, and each Spark should know one document only. */
async function accountToken(app: FastifyInstance): Promise<string> {
  const email = freshEmail('answer-eval');
  const registered = await register(app, email);
  if (registered.statusCode !== 201) throw new Error(`registration answered ${registered.statusCode}: ${registered.payload}`);
  const code = codeIn((await latestMail(app, email)).text);
  const verified = await app.inject({ method: 'POST', url: '/api/v1/auth/verify-code', remoteAddress: freshIp(), payload: { username: email, code } });
  if (verified.statusCode !== 200) throw new Error(`verification answered ${verified.statusCode}: ${verified.payload}`);
  return (verified.json() as { data: { access_token: string } }).data.access_token;
}

/** One Spark holding one document, ready to be asked: what a business user has after uploading it. */
async function sparkWith(app: FastifyInstance, document: CorpusDocument) {
  const token = await accountToken(app);
  const chat = chatClient(app, token);
  const docs = documentsClient(app, token);
  const spark = await chat.newSpark();
  const started = performance.now();
  const { document: uploaded } = await docs.uploadReady(spark._id, document.fileName, await document.load());
  const ingestSeconds = Math.round((performance.now() - started) / 10) / 100;
  if (uploaded.status !== 'ready') throw new Error(`${document.fileName} ended ${uploaded.status}: ${JSON.stringify(uploaded)}`);
  const test = await chat.newTest(spark._id, 'Answer quality');
  const passages = new Map<string, string>();
  return {
    ingestSeconds,
    chunks: uploaded.chunks,
    detectedLanguage: uploaded.language,
    search: async (question: string): Promise<RetrievedPassage[]> => {
      const response = await docs.search(spark._id, question);
      if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}: ${response.payload}`);
      return (response.json() as { data: RetrievedPassage[] }).data;
    },
    /** Search results carry an excerpt only; a fact past its first lines is in the whole passage. */
    passageText: async (chunkId: string): Promise<string> => {
      const known = passages.get(chunkId);
      if (known !== undefined) return known;
      const response = await docs.passage(spark._id, chunkId);
      if (response.statusCode !== 200) throw new Error(`passage answered ${response.statusCode}: ${response.payload}`);
      const text = (response.json() as { data: DocumentPassage }).data.text;
      passages.set(chunkId, text);
      return text;
    },
    /** A new conversation per question, as a visitor asks it: no earlier turn helps or hurts. */
    ask: async (question: string, language: Language): Promise<TestChatAnswer> => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/sparks/${spark._id}/chat/${test._id}`,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        payload: { input: { text: question }, language },
      });
      if (response.statusCode !== 200) throw new Error(`test chat answered ${response.statusCode}: ${response.payload}`);
      return (response.json() as { data: TestChatAnswer }).data;
    },
  };
}

type Spark = Awaited<ReturnType<typeof sparkWith>>;

async function evaluateQuestion(spark: Spark, question: EvalQuestion): Promise<QuestionResult> {
  const hits = await spark.search(question.question);
  const textsOf = (passages: readonly { chunkId: string }[]) => Promise.all(passages.map((passage) => spark.passageText(passage.chunkId)));
  const found = (texts: readonly string[]) => texts.some((text) => containsFact(text, question.facts));
  const answer = await spark.ask(question.question, question.language);
  const content = answer.ai.data.content ?? '';
  // The answer's sources are the passages its model was handed; the search's are the same retrieval when the answer names none.
  const given = answer.ai.data.sources ?? hits;
  const isFact = question.kind === 'fact';
  return {
    id: question.id,
    document: question.document,
    language: question.language,
    kind: question.kind,
    question: question.question,
    recallAt1: isFact && found(await textsOf(hits.slice(0, 1))),
    recallAt5: isFact && found(await textsOf(hits.slice(0, 5))),
    givenRecall: isFact && found(await textsOf(given)),
    answered: isFact ? containsFact(content, question.facts) : summaryCovers(content, question.facts).pass,
    debris: debrisIn(content),
    answerChars: content.length,
    languageRight: languageRight(content, question.language),
    saysNoKnowledge: saysNoKnowledge(content),
    searchPages: hits.map((hit) => hit.page ?? null),
    answer: content,
  };
}

/**
 * Asks each question of the set through the product's real API: every document uploaded into a
 * Spark of its own (in a fresh account) and read to the end by the ingestion job, then per
 * question the search a user's test chat runs, the whole passages behind it, and the test chat's
 * answer in the question's language. `app` is a started test app (startTestApp), built with
 * ANSWER_EVAL_ENV so rate limits do not interfere.
 */
export async function evaluateAnswers(
  app: FastifyInstance,
  documents: readonly CorpusDocument[],
  questions: readonly EvalQuestion[],
  log: (line: string) => void = () => undefined,
): Promise<Evaluation> {
  const evaluated: DocumentEvaluation[] = [];
  const results: QuestionResult[] = [];
  for (const document of documents) {
    const asked = questions.filter((question) => question.document === document.id);
    if (asked.length === 0) continue;
    const spark = await sparkWith(app, document);
    log(`  ${document.fileName}: ready in ${spark.ingestSeconds} s, asking ${asked.length} questions`);
    const own: QuestionResult[] = [];
    for (const question of asked) own.push(await evaluateQuestion(spark, question));
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
  const unknown = questions.filter((question) => !documents.some((document) => document.id === question.document));
  if (unknown.length > 0) throw new Error(`questions without their document: ${unknown.map((question) => question.id).join(', ')}`);
  return { documents: evaluated, total: figuresOf(results), results };
}
