import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, TEAM_HANDBOOK } from '../../../../../bench/answer-eval/corpus.js';
import { ANSWER_EVAL_ENV, evaluateAnswers, type Evaluation } from '../../../../../bench/answer-eval/evaluate.js';
import { factProblems } from '../../../../../bench/answer-eval/fact-check.js';
import { QUESTIONS, TEAM_HANDBOOK_QUESTIONS, questionsByIds } from '../../../../../bench/answer-eval/questions.js';
import { startTestApp } from '#test/test-app.js';

/**
 * What the product achieves today on the subset below (real public manuals, see
 * bench/answer-eval), rounded down to 0.05; debris is a ceiling, rounded up. First measured on
 * commit 3c7067b: recall@1 0.524, recall@5 0.619, given 0.714, fact rate 0.333, debris 0.375.
 * After contents, index and header cleaning and the new answer composition (decision 0018):
 * recall@1 0.667, recall@5 0.762, given 0.81, fact rate 0.571, summaries 0.667, debris 0, language 1.
 * They are raised as ingestion and answer composition improve, never lowered to let a change
 * through. The whole set and its targets (recall@5 ≥ 0.95, fact rate ≥ 0.90, debris 0) are in
 * `npm run bench` (bench/answer-eval.ts).
 */
const FLOORS = { recallAt1: 0.65, recallAt5: 0.75, givenRecall: 0.8, factRate: 0.6, summaryRate: 0.65, languageRight: 1 };
const DEBRIS_CEILING = 0;

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

describe('answer quality on real public documents (PGlite, offline responder)', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>> | undefined;
  beforeAll(async () => {
    harness = await startTestApp(undefined, ANSWER_EVAL_ENV);
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('holds every fact of the question set word for word in its document, on the page it names', { timeout: 120_000 }, async () => {
    const problems = await factProblems([...QUESTIONS, ...TEAM_HANDBOOK_QUESTIONS], [...CORPUS, TEAM_HANDBOOK]);
    expect(problems).toEqual([]);
  });

  it('keeps retrieval and offline answers at least as good as today on a fixed subset', { timeout: 150_000 }, async () => {
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
});
