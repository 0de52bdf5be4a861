import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../../../../../bench/answer-eval/corpus.js';
import { ANSWER_EVAL_ENV, evaluateAnswers, type Evaluation, type Figures } from '../../../../../bench/answer-eval/evaluate.js';
import { factProblems } from '../../../../../bench/answer-eval/fact-check.js';
import { questionsByIds } from '../../../../../bench/answer-eval/questions.js';
import { ALL_DOCUMENTS, ALL_QUESTIONS, SPLIT, heldOutFloorQuestions, questionById, splitProblems } from '../../../../../bench/answer-eval/split.js';
import { startTestApp } from '#test/test-app.js';

/**
 * What the product achieves today on the subset below (real public manuals, see
 * bench/answer-eval), rounded down to 0.05; debris is a ceiling, rounded up. First measured on
 * commit 3c7067b: recall@1 0.524, recall@5 0.619, given 0.714, fact rate 0.333, debris 0.375.
 * After contents, index and header cleaning and the new answer composition (decision 0018):
 * recall@1 0.667, recall@5 0.762, given 0.81, fact rate 0.571, summaries 0.667, debris 0, language 1.
 * With a second window of a passage quoted (decision 0027): recall@1 0.667, recall@5 0.762, given
 * 0.857, fact rate 0.714, summaries 1, debris 0, language 1. They are raised as ingestion and answer composition improve, never lowered to let a change
 * through. The whole set and its targets (recall@5 ≥ 0.95, fact rate ≥ 0.90, debris 0) are in
 * `npm run bench` (bench/answer-eval.ts).
 */
const FLOORS = { recallAt1: 0.65, recallAt5: 0.75, givenRecall: 0.85, factRate: 0.7, summaryRate: 1, languageRight: 1 };
const DEBRIS_CEILING = 0;

/**
 * The held-out floor (docs/decisions/0022): what the product achieves today on the held-out
 * questions the rule in split.ts picks (every third by id, chosen without looking at results),
 * rounded down to 0.05; confidently wrong answers and debris are ceilings, rounded up. First
 * measured on 214 held-out questions (72 picked) on commit f592def: recall@1 0.53, recall@5
 * 0.682, given 0.697, fact rate 0.424, confidently wrong 0.515, summaries 0.167, debris 0.014,
 * language 1. With eight passages and a second window of a passage quoted (decisions 0032 and
 * 0027): recall@1 0.606, recall@5 0.818, given 0.894, fact rate 0.606, confidently wrong 0.258,
 * summaries 0.167, debris 0.014, language 1. With outlines of twelve sections, and of passages
 * spread over a document that has no sections: summaries 0.5. The held-out set then grew by a
 * Spanish help website, a JSON catalogue and a Word file with tables, with unanswerable questions
 * (319 questions, 107 picked), a new baseline measured before any change was tried on them
 * (commit bd30ae0): recall@1 0.587, recall@5 0.837, given 0.891, fact rate 0.663, confidently
 * wrong 0.25, unanswerable answered honestly 0.6, summaries 0.2, debris 0.009. With tables and
 * records kept whole and answered by their structure (decision 0034): recall@1 0.576, recall@5
 * 0.826, given 0.88, fact rate 0.674, confidently wrong 0.228, unanswerable honest 0.8. Raised as
 * the product improves, never lowered to let a change through.
 */
const HELD_OUT_FLOORS = {
  recallAt1: 0.55,
  recallAt5: 0.8,
  givenRecall: 0.85,
  factRate: 0.65,
  summaryRate: 0.2,
  unanswerableHonest: 0.75,
  languageRight: 1,
};
const HELD_OUT_CEILINGS = { confidentlyWrong: 0.25, debrisShare: 0.05 };

/** Both languages, three documents, questions that pass today and questions that do not. */
const SUBSET = questionsByIds([
  'r-faq/what-is-r',
  'r-faq/why-named-r',
  'r-faq/cran',
  'r-faq/factor-to-number',
  'r-faq/clear-workspace',
  'r-faq/float-equality',
  'r-faq/package-vs-library',
  'r-faq/summary',
  'maint-guide-es/essential-package',
  'maint-guide-es/dd',
  'maint-guide-es/package-name',
  'maint-guide-es/usr-local',
  'maint-guide-es/priority',
  'maint-guide-es/build',
  'maint-guide-es/lintian-e',
  'maint-guide-es/summary',
  'debian-edu-es/what-is-skolelinux',
  'debian-edu-es/main-server-ip',
  'debian-edu-es/ltsp-disk',
  'debian-edu-es/gosa-url',
  'debian-edu-es/ntp',
  'debian-edu-es/backups',
  'debian-edu-es/monitor-students',
  'debian-edu-es/summary',
]);

const report = (evaluation: Evaluation): string =>
  evaluation.results
    .map(
      (result) =>
        `${result.id}: ${result.answered ? 'answered' : 'missed'}${result.debris.length > 0 ? `, debris (${result.debris.join(', ')})` : ''} — ${result.answer.replace(/\s+/g, ' ').slice(0, 160)}`,
    )
    .join('\n');

/** A row's figures only: a held-out answer is never printed, so nobody tunes to its questions. */
const figuresOnly = (figures: Figures): string => JSON.stringify(figures);

describe('the answer-quality set', () => {
  it('splits the set by document, at most 60 % of the questions for tuning and at least 40 % held out', () => {
    expect(splitProblems()).toEqual([]);
  });

  // Before the app starts: reading every document here keeps this thread busy for half a minute, and an app running meanwhile left its ingestion jobs queued.
  it('holds every fact of the question set word for word in its document, on the page it names', { timeout: 180_000 }, async () => {
    const problems = await factProblems(ALL_QUESTIONS, ALL_DOCUMENTS);
    expect(problems).toEqual([]);
  });
});

describe('answer quality on real public documents (PGlite, offline responder)', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>> | undefined;
  beforeAll(async () => {
    harness = await startTestApp(undefined, ANSWER_EVAL_ENV);
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('keeps retrieval and offline answers at least as good as today on a fixed subset', { timeout: 300_000 }, async () => {
    expect(SUBSET.length).toBeGreaterThanOrEqual(20);
    const evaluation = await evaluateAnswers(harness!.app, CORPUS, SUBSET);
    const { total } = evaluation;
    const details = `${JSON.stringify(total)}\n${report(evaluation)}`;
    expect(total.recallAt1, details).toBeGreaterThanOrEqual(FLOORS.recallAt1);
    expect(total.recallAt5, details).toBeGreaterThanOrEqual(FLOORS.recallAt5);
    expect(total.givenRecall, details).toBeGreaterThanOrEqual(FLOORS.givenRecall);
    expect(total.factRate, details).toBeGreaterThanOrEqual(FLOORS.factRate);
    expect(total.summaryRate ?? 0, details).toBeGreaterThanOrEqual(FLOORS.summaryRate);
    expect(total.languageRight, details).toBeGreaterThanOrEqual(FLOORS.languageRight);
    expect(total.debrisShare, details).toBeLessThanOrEqual(DEBRIS_CEILING);
  });

  it('keeps the held-out questions at least as good as today', { timeout: 300_000 }, async () => {
    const sample = heldOutFloorQuestions();
    expect(sample.length).toBeGreaterThanOrEqual(40);
    expect(new Set(sample.map((question) => question.document))).toEqual(new Set(SPLIT.heldOut.documents.map((document) => document.id)));
    const { total } = await evaluateAnswers(harness!.app, SPLIT.heldOut.documents, sample, { leaderOf: questionById });
    const details = figuresOnly(total);
    expect(total.recallAt1, details).toBeGreaterThanOrEqual(HELD_OUT_FLOORS.recallAt1);
    expect(total.recallAt5, details).toBeGreaterThanOrEqual(HELD_OUT_FLOORS.recallAt5);
    expect(total.givenRecall, details).toBeGreaterThanOrEqual(HELD_OUT_FLOORS.givenRecall);
    expect(total.factRate, details).toBeGreaterThanOrEqual(HELD_OUT_FLOORS.factRate);
    expect(total.summaryRate ?? 0, details).toBeGreaterThanOrEqual(HELD_OUT_FLOORS.summaryRate);
    expect(total.unanswerableHonest ?? 0, details).toBeGreaterThanOrEqual(HELD_OUT_FLOORS.unanswerableHonest);
    expect(total.languageRight, details).toBeGreaterThanOrEqual(HELD_OUT_FLOORS.languageRight);
    expect(total.confidentlyWrong, details).toBeLessThanOrEqual(HELD_OUT_CEILINGS.confidentlyWrong);
    expect(total.debrisShare, details).toBeLessThanOrEqual(HELD_OUT_CEILINGS.debrisShare);
  });
});
