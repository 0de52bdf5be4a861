import type { Language } from './corpus.js';
import type { EvalQuestion } from './questions.js';

/** What one question's answer and search did. */
export interface QuestionResult {
  id: string;
  document: string;
  language: Language;
  /** Asked in the language the document is not written in. */
  otherLanguage: boolean;
  /** The question it follows in the same conversation, when it is a follow-up. */
  after: string | null;
  kind: EvalQuestion['kind'];
  question: string;
  /** A fact is in the top passage / the top five passages of the search. */
  recallAt1: boolean;
  recallAt5: boolean;
  /** A fact is in the passages the answer was built from (what a real model would be given). */
  givenRecall: boolean;
  /** A fact is in the first of those passages: the chat's own first, which the answer leans on. */
  firstGiven: boolean;
  /** The markers of those passages that hold a fact, and of the passages the answer cites. */
  factPassages: number[];
  citedPassages: number[];
  /**
   * kind 'fact': the answer contains a fact; kind 'summary': it names at least half of the
   * topics; kind 'unanswerable': it says the documents do not answer it.
   */
  answered: boolean;
  /**
   * kind 'fact': framed as an answer, yet without the fact (it neither has it nor says it has no
   * direct answer); kind 'unanswerable': framed as an answer at all.
   */
  confidentlyWrong: boolean;
  debris: string[];
  answerChars: number;
  languageRight: boolean;
  saysNoKnowledge: boolean;
  /** Pages of the search's top passages, best first: where retrieval looked. */
  searchPages: Array<number | null>;
  answer: string;
}

/** The search and answer figures of the questions asked in the other language. */
export interface OtherLanguageFigures {
  factQuestions: number;
  recallAt1: number;
  recallAt5: number;
  givenRecall: number;
  factRate: number;
  confidentlyWrong: number;
}

/**
 * Where the fact questions whose answer lacks the fact went wrong, as shares of all fact
 * questions: no passage handed over held it (retrieval), the answer cited a passage that holds it
 * but quoted another sentence of it (the excerpt), or it cited only other passages (the choice of
 * section).
 */
export interface MissFigures {
  notHanded: number;
  otherSentence: number;
  otherPassages: number;
}

/** Follow-ups' fact rate beside that of the questions they follow: what the conversation adds or loses. */
export interface FollowUpFigures {
  pairs: number;
  factRate: number;
  leadersFactRate: number;
}

export interface Figures {
  questions: number;
  factQuestions: number;
  recallAt1: number;
  recallAt5: number;
  givenRecall: number;
  /** The chat's first passage holds the fact (recall@1 reads the search's). */
  firstGiven: number;
  factRate: number;
  /** Share of fact questions answered confidently and wrongly; lower is better. */
  confidentlyWrong: number;
  /** Unanswerable questions: how many, the share answered honestly ("I don't know that from these documents"). */
  unanswerable: number;
  unanswerableHonest: number | null;
  /**
   * Share of fact questions whose answer carries the fact framed as the answer, not hedged as
   * "maybe related": the fact rate counts a hedge that quotes the fact, and hedging everything
   * would empty confidently wrong; this keeps that trade in sight.
   */
  directFactRate: number;
  summaryRate: number | null;
  debrisShare: number;
  /** How many answers quote each kind of debris: what to clean next. */
  debrisKinds: Record<string, number>;
  meanAnswerChars: number;
  languageRight: number;
  noKnowledgeShare: number;
  otherLanguage: OtherLanguageFigures | null;
  followUps: FollowUpFigures | null;
  misses: MissFigures;
}

const share = (items: readonly unknown[], count: number): number => (items.length === 0 ? 0 : Math.round((count / items.length) * 1000) / 1000);
const rate = (items: readonly QuestionResult[], test: (result: QuestionResult) => boolean) => share(items, items.filter(test).length);

function otherLanguageOf(facts: readonly QuestionResult[]): OtherLanguageFigures | null {
  const asked = facts.filter((result) => result.otherLanguage);
  if (asked.length === 0) return null;
  return {
    factQuestions: asked.length,
    recallAt1: rate(asked, (result) => result.recallAt1),
    recallAt5: rate(asked, (result) => result.recallAt5),
    givenRecall: rate(asked, (result) => result.givenRecall),
    factRate: rate(asked, (result) => result.answered),
    confidentlyWrong: rate(asked, (result) => result.confidentlyWrong),
  };
}

/** Pairs whose follow-up and leader are both fact questions of the results (a leader asked only to set the scene is not scored). */
function followUpsOf(facts: readonly QuestionResult[]): FollowUpFigures | null {
  const byId = new Map(facts.map((result) => [result.id, result]));
  const pairs = facts.flatMap((result) => {
    const leader = result.after === null ? undefined : byId.get(result.after);
    return leader ? [{ followUp: result, leader }] : [];
  });
  if (pairs.length === 0) return null;
  return {
    pairs: pairs.length,
    factRate: rate(
      pairs.map((pair) => pair.followUp),
      (result) => result.answered,
    ),
    leadersFactRate: rate(
      pairs.map((pair) => pair.leader),
      (result) => result.answered,
    ),
  };
}

function countKinds(results: readonly QuestionResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of results.flatMap((result) => result.debris)) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

function missesOf(facts: readonly QuestionResult[]): MissFigures {
  const citesFact = (result: QuestionResult) => result.factPassages.some((passage) => result.citedPassages.includes(passage));
  return {
    notHanded: rate(facts, (result) => !result.answered && !result.givenRecall),
    otherSentence: rate(facts, (result) => !result.answered && result.givenRecall && citesFact(result)),
    otherPassages: rate(facts, (result) => !result.answered && result.givenRecall && !citesFact(result)),
  };
}

export function figuresOf(results: readonly QuestionResult[]): Figures {
  const facts = results.filter((result) => result.kind === 'fact');
  const summaries = results.filter((result) => result.kind === 'summary');
  const unanswerable = results.filter((result) => result.kind === 'unanswerable');
  return {
    questions: results.length,
    factQuestions: facts.length,
    recallAt1: rate(facts, (result) => result.recallAt1),
    recallAt5: rate(facts, (result) => result.recallAt5),
    givenRecall: rate(facts, (result) => result.givenRecall),
    firstGiven: rate(facts, (result) => result.firstGiven),
    factRate: rate(facts, (result) => result.answered),
    confidentlyWrong: rate(facts, (result) => result.confidentlyWrong),
    unanswerable: unanswerable.length,
    unanswerableHonest: unanswerable.length === 0 ? null : rate(unanswerable, (result) => result.answered),
    directFactRate: rate(facts, (result) => result.answered && !result.saysNoKnowledge),
    summaryRate: summaries.length === 0 ? null : rate(summaries, (result) => result.answered),
    debrisShare: rate(results, (result) => result.debris.length > 0),
    debrisKinds: countKinds(results),
    meanAnswerChars: results.length === 0 ? 0 : Math.round(results.reduce((sum, result) => sum + result.answerChars, 0) / results.length),
    languageRight: rate(results, (result) => result.languageRight),
    noKnowledgeShare: rate(results, (result) => result.saysNoKnowledge),
    otherLanguage: otherLanguageOf(facts),
    followUps: followUpsOf(facts),
    misses: missesOf(facts),
  };
}
