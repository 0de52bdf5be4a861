/**
 * Answer-quality benchmark: real public manuals in English and Spanish (bench/answer-eval/
 * documents, none written by the team) and ~90 questions asked the way users ask them, through
 * the product's API on PGlite with the offline responder. Per document and in total: recall@1 and
 * recall@5 of the search, "given recall" (a fact is in the passages a real model would be handed),
 * the offline answer's fact rate, the share of answers quoting contents/index/page debris, mean
 * answer length and the share answered in the question's language. The team's own handbook set
 * (apps/server/test/retrieval-set.ts) is scored the same way as a separate row.
 * Targets: recall@5 ≥ 0.95, offline fact rate ≥ 0.90, debris 0.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startTestApp } from '../apps/server/test/test-app.js';
import { CORPUS, TEAM_HANDBOOK } from './answer-eval/corpus.js';
import { ANSWER_EVAL_ENV, evaluateAnswers, type Evaluation, type Figures } from './answer-eval/evaluate.js';
import { QUESTIONS, TEAM_HANDBOOK_QUESTIONS } from './answer-eval/questions.js';
import { round } from './stats.js';

const RESULTS = join(import.meta.dirname, 'results');
const TARGETS = { recallAt5: 0.95, factRate: 0.9, debrisShare: 0 } as const;

const row = (name: string, language: string, pages: number | string, chunks: number | string, figures: Figures) => ({
  document: name,
  lang: language,
  pages,
  chunks,
  questions: figures.questions,
  'recall@1': figures.recallAt1,
  'recall@5': figures.recallAt5,
  given: figures.givenRecall,
  'fact rate': figures.factRate,
  summary: figures.summaryRate ?? '–',
  debris: figures.debrisShare,
  'mean chars': figures.meanAnswerChars,
  'lang right': figures.languageRight,
  'no info': figures.noKnowledgeShare,
});

const rows = (evaluation: Evaluation) =>
  evaluation.documents.map((document) => row(document.title, document.language, document.pages, document.chunks, document.figures));

/** Which state of the product was measured: the commit, and whether the server had uncommitted changes on top. */
function source() {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
    return {
      commit: git('rev-parse', 'HEAD'),
      uncommittedServerChanges: git('status', '--porcelain', '--untracked-files=no', '--', '../apps/server/src', '../packages').length > 0,
    };
  } catch {
    return { commit: null, uncommittedServerChanges: null };
  }
}

function misses(evaluation: Evaluation): string[] {
  return evaluation.results
    .filter((result) => !result.answered || result.debris.length > 0 || !result.languageRight)
    .map((result) => {
      const why = [
        ...(result.answered
          ? []
          : [result.kind === 'summary' ? 'summary misses topics' : result.givenRecall ? 'fact given, not quoted' : 'fact not retrieved']),
        ...result.debris,
        ...(result.languageRight ? [] : ['wrong language']),
      ];
      return `  ${result.id.padEnd(36)} ${why.join('; ').padEnd(40)} ${JSON.stringify(result.answer.replace(/\s+/g, ' ').slice(0, 90))}`;
    });
}

async function main() {
  const startedAt = new Date();
  const started = performance.now();
  const harness = await startTestApp(undefined, ANSWER_EVAL_ENV);
  let corpus: Evaluation;
  let handbook: Evaluation;
  try {
    console.log(
      `Answer quality: ${CORPUS.length} public documents, ${QUESTIONS.length} questions (${QUESTIONS.filter((question) => question.language === 'es').length} in Spanish), PGlite, offline responder`,
    );
    corpus = await evaluateAnswers(harness.app, CORPUS, QUESTIONS, console.log);
    handbook = await evaluateAnswers(harness.app, [TEAM_HANDBOOK], TEAM_HANDBOOK_QUESTIONS, console.log);
  } finally {
    await harness.stop();
  }
  const seconds = round((performance.now() - started) / 1000);

  console.table([
    ...rows(corpus),
    row(
      'total (public documents)',
      'en+es',
      CORPUS.reduce((sum, document) => sum + document.pages, 0),
      corpus.documents.reduce((sum, document) => sum + document.chunks, 0),
      corpus.total,
    ),
    ...rows(handbook).map((entry) => ({ ...entry, document: TEAM_HANDBOOK.title })),
  ]);
  const met = corpus.total.recallAt5 >= TARGETS.recallAt5 && corpus.total.factRate >= TARGETS.factRate && corpus.total.debrisShare <= TARGETS.debrisShare;
  console.log(
    `Targets on the public documents: recall@5 ≥ ${TARGETS.recallAt5} (now ${corpus.total.recallAt5}), offline fact rate ≥ ${TARGETS.factRate} (now ${corpus.total.factRate}), debris ${TARGETS.debrisShare} (now ${corpus.total.debrisShare}): ${met ? 'met' : 'NOT met'}`,
  );
  console.log(`Answers missing the fact, quoting debris or in the wrong language:\n${misses(corpus).join('\n')}`);
  console.log(`Took ${seconds} s; every answer is in bench/results/answer-eval.json`);

  const cpu = cpus()[0];
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(
    join(RESULTS, 'answer-eval.json'),
    `${JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        measuredAt: new Date().toISOString(),
        seconds,
        machine: {
          cpu: cpu?.model ?? 'unknown',
          cores: availableParallelism(),
          memoryGb: round(totalmem() / 2 ** 30),
          os: `${platform()} ${release()} ${arch()}`,
          node: process.version,
        },
        source: source(),
        database: 'pglite',
        responder: 'offline',
        targets: { ...TARGETS, met },
        corpus,
        teamHandbook: handbook,
      },
      null,
      2,
    )}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
