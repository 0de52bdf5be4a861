import type { Evaluation, Figures, QuestionResult } from './evaluate.js';

/** The rule every change to retrieval, ingestion or answers is judged by (docs/decisions/0022). */
export const KEEP_RULE = 'A change is kept only if the held-out row does not drop.';

const orDash = (value: number | null | undefined): number | string => value ?? '–';

/** One line of the printed table: a document, a split's total or the team handbook. */
export function row(name: string, split: string, language: string, pages: number | string, chunks: number | string, figures: Figures) {
  return {
    document: name,
    split,
    lang: language,
    pages,
    chunks,
    questions: figures.questions,
    'recall@1': figures.recallAt1,
    'recall@5': figures.recallAt5,
    given: figures.givenRecall,
    'first given': figures.firstGiven,
    'fact rate': figures.factRate,
    'conf. wrong': figures.confidentlyWrong,
    direct: figures.directFactRate ?? '–',
    'other lang': orDash(figures.otherLanguage?.factRate),
    'follow-ups': figures.followUps ? `${figures.followUps.factRate} (leaders ${figures.followUps.leadersFactRate})` : '–',
    summary: orDash(figures.summaryRate),
    'unanswerable honest': figures.unanswerableHonest === null ? '–' : `${figures.unanswerableHonest} of ${figures.unanswerable}`,
    debris: figures.debrisShare,
    'lang right': figures.languageRight,
    'no info': figures.noKnowledgeShare,
  };
}

export const documentRows = (evaluation: Evaluation, split: string) =>
  evaluation.documents.map((document) => row(document.title, split, document.language, document.pages, document.chunks, document.figures));

export const totalRow = (name: string, evaluation: Evaluation) =>
  row(
    name,
    name,
    [...new Set(evaluation.documents.map((document) => document.language))].join('+'),
    evaluation.documents.reduce((sum, document) => sum + document.pages, 0),
    evaluation.documents.reduce((sum, document) => sum + document.chunks, 0),
    evaluation.total,
  );

/** A fact handed over but not in the answer: in a passage it cites (another sentence was quoted), or only in passages it does not. */
function givenNotQuoted(result: QuestionResult): string {
  const cited = result.factPassages.filter((passage) => result.citedPassages.includes(passage));
  return cited.length > 0 ? `fact in cited [${cited.join(', ')}], other sentence` : `fact in [${result.factPassages.join(', ')}], not cited`;
}

/** Why an answer missed, by the kind of question. */
function missOf(result: QuestionResult): string {
  if (result.kind === 'summary') return 'summary misses topics';
  if (result.kind === 'unanswerable') return 'answered what the documents do not say';
  return result.givenRecall ? givenNotQuoted(result) : 'fact not retrieved';
}

/** Tuning answers that miss, quote debris or speak the wrong language, with why: where to look next. Held-out answers are never listed. */
export function misses(evaluation: Evaluation): string[] {
  return evaluation.results
    .filter((result) => !result.answered || result.debris.length > 0 || !result.languageRight)
    .map((result) => {
      const why = [
        ...(result.answered ? [] : [missOf(result)]),
        ...(result.confidentlyWrong ? ['confidently wrong'] : []),
        ...result.debris,
        ...(result.languageRight ? [] : ['wrong language']),
      ];
      return `  ${result.id.padEnd(44)} ${why.join('; ').padEnd(44)} ${JSON.stringify(result.answer.replace(/\s+/g, ' ').slice(0, 80))}`;
    });
}

/** One target on the held-out row: what it measures, the bound, and the figure now. */
interface Target {
  name: string;
  bound: string;
  now: (figures: Figures) => number | null;
  met: (figures: Figures) => boolean;
}

/**
 * The held-out targets of the structured-knowledge work: the offline answer carries the fact,
 * confidently wrong answers fall without hedging right ones (the direct-fact rate beside it), the
 * passages handed over hold the fact, unanswerable questions are answered honestly, and questions
 * in the other language are answered too.
 */
export const TARGETS: readonly Target[] = [
  { name: 'the offline answer carries the fact', bound: '≥ 0.72', now: (f) => f.factRate, met: (f) => f.factRate >= 0.72 },
  { name: 'confidently wrong', bound: '≤ 0.12', now: (f) => f.confidentlyWrong, met: (f) => f.confidentlyWrong <= 0.12 },
  { name: 'the fact framed as the answer (direct)', bound: '≥ 0.50', now: (f) => f.directFactRate, met: (f) => f.directFactRate >= 0.5 },
  { name: 'passages handed over hold the fact', bound: '≥ 0.93', now: (f) => f.givenRecall, met: (f) => f.givenRecall >= 0.93 },
  {
    name: 'unanswerable questions answered honestly',
    bound: '≥ 0.90',
    now: (f) => f.unanswerableHonest,
    met: (f) => (f.unanswerableHonest ?? 0) >= 0.9,
  },
  {
    name: 'other-language questions carry the fact',
    bound: '≥ 0.65',
    now: (f) => f.otherLanguage?.factRate ?? null,
    met: (f) => (f.otherLanguage?.factRate ?? 0) >= 0.65,
  },
  { name: 'answers quoting debris', bound: '= 0', now: (f) => f.debrisShare, met: (f) => f.debrisShare === 0 },
];

/** Each target with the held-out figure and whether it is met, as rows of a table. */
export const targetRows = (figures: Figures) =>
  TARGETS.map((target) => ({ target: target.name, bound: target.bound, now: target.now(figures) ?? '–', met: target.met(figures) ? 'yes' : 'NO' }));

/** The held-out figures a change must not lower; confidently wrong answers must not rise. */
const HIGHER_IS_BETTER = ['recallAt1', 'recallAt5', 'givenRecall', 'factRate', 'languageRight'] as const;
/** Figures a run before this one may not have measured yet: compared only when both have them. */
const HIGHER_IS_BETTER_WHEN_MEASURED = ['firstGiven', 'unanswerableHonest'] as const;

/**
 * The held-out row against the one measured before, by the keep rule. Rows over different
 * question sets are not compared: a held-out question is never edited, so a different count means
 * a new set and a new baseline.
 */
export function heldOutVerdict(now: Figures, before: Figures | undefined): string {
  if (!before) return 'no earlier held-out row to compare with: this run is the baseline';
  if (before.questions !== now.questions) return `the held-out set changed (${before.questions} → ${now.questions} questions): this run is the new baseline`;
  const drops = [
    ...HIGHER_IS_BETTER.filter((key) => now[key] < before[key]).map((key) => `${key} ${before[key]} → ${now[key]}`),
    ...HIGHER_IS_BETTER_WHEN_MEASURED.filter((key) => typeof before[key] === 'number' && typeof now[key] === 'number' && now[key] < before[key]).map(
      (key) => `${key} ${before[key]} → ${now[key]}`,
    ),
    ...(now.confidentlyWrong > before.confidentlyWrong ? [`confidentlyWrong ${before.confidentlyWrong} → ${now.confidentlyWrong}`] : []),
  ];
  return drops.length === 0 ? 'the held-out row holds against the last run' : `the held-out row DROPPED against the last run: ${drops.join(', ')}`;
}
