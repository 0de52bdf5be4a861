import { CORPUS, TEAM_HANDBOOK, type CorpusDocument, type Structure } from './corpus.js';
import { HELD_OUT_CORPUS } from './held-out/corpus.js';
import { HELD_OUT_QUESTIONS } from './held-out/questions.js';
import { QUESTIONS, TEAM_HANDBOOK_QUESTIONS, type EvalQuestion } from './questions.js';

export type Split = 'tuning' | 'held-out';

/**
 * The evaluation split by document (docs/decisions/0022): every question of a document is on
 * the same side. Tuning documents are the ones changes may be tried and examined against; the
 * held-out ones are asked only for their figures, and a change is kept only if the held-out row
 * does not drop.
 */
export const SPLIT = {
  tuning: {
    documents: [...CORPUS, TEAM_HANDBOOK] as readonly CorpusDocument[],
    questions: [...QUESTIONS, ...TEAM_HANDBOOK_QUESTIONS] as readonly EvalQuestion[],
  },
  heldOut: { documents: HELD_OUT_CORPUS, questions: HELD_OUT_QUESTIONS },
} as const;

export const ALL_DOCUMENTS: readonly CorpusDocument[] = [...SPLIT.tuning.documents, ...SPLIT.heldOut.documents];
export const ALL_QUESTIONS: readonly EvalQuestion[] = [...SPLIT.tuning.questions, ...SPLIT.heldOut.questions];

/** What the split and the whole set must hold to: the shares of the split, and the breadth the evaluation was built to. */
export const SPLIT_RULES = {
  tuningMaxShare: 0.6,
  heldOutMinShare: 0.4,
  minQuestions: 350,
  minDocuments: 14,
  minSpanishDocuments: 5,
  minOtherLanguageShare: 0.25,
  minFollowUps: 30,
  /** Each row asks this share of questions its documents do not answer, at least. */
  minUnanswerableShare: 0.1,
  /** Each row holds a website, a catalogue and a document with tables, at least. */
  structures: ['website', 'catalogue', 'tables'] as readonly Structure[],
} as const;

export const splitOf = (documentId: string): Split => {
  if (SPLIT.tuning.documents.some((document) => document.id === documentId)) return 'tuning';
  if (SPLIT.heldOut.documents.some((document) => document.id === documentId)) return 'held-out';
  throw new Error(`no document ${documentId} in either split`);
};

const rounded = (value: number): number => Math.round(value * 1000) / 1000;

/** What is wrong with the split or the set's breadth, if anything (empty when all holds). */
export function splitProblems(): string[] {
  const problems: string[] = [];
  const total = ALL_QUESTIONS.length;
  const tuningShare = total === 0 ? 0 : SPLIT.tuning.questions.length / total;
  const heldOutShare = total === 0 ? 0 : SPLIT.heldOut.questions.length / total;
  if (tuningShare > SPLIT_RULES.tuningMaxShare) problems.push(`tuning holds ${rounded(tuningShare)} of the questions, more than ${SPLIT_RULES.tuningMaxShare}`);
  if (heldOutShare < SPLIT_RULES.heldOutMinShare)
    problems.push(`held-out holds ${rounded(heldOutShare)} of the questions, less than ${SPLIT_RULES.heldOutMinShare}`);
  const tuningIds = new Set(SPLIT.tuning.documents.map((document) => document.id));
  for (const document of SPLIT.heldOut.documents) if (tuningIds.has(document.id)) problems.push(`${document.id} is in both splits`);
  const files = ALL_DOCUMENTS.map((document) => document.fileName);
  for (const file of new Set(files.filter((file, index) => files.indexOf(file) !== index))) problems.push(`${file} is uploaded as two documents`);
  for (const [side, { documents, questions }] of Object.entries(SPLIT)) {
    const ids = new Set(documents.map((document) => document.id));
    for (const question of questions) if (!ids.has(question.document)) problems.push(`${question.id} is a ${side} question on a document outside ${side}`);
  }
  const language = new Map(ALL_DOCUMENTS.map((document) => [document.id, document.language]));
  const otherLanguage = ALL_QUESTIONS.filter((question) => question.language !== language.get(question.document)).length;
  const followUps = ALL_QUESTIONS.filter((question) => question.after !== undefined).length;
  const spanish = ALL_DOCUMENTS.filter((document) => document.language === 'es').length;
  if (total < SPLIT_RULES.minQuestions) problems.push(`${total} questions, fewer than ${SPLIT_RULES.minQuestions}`);
  if (ALL_DOCUMENTS.length < SPLIT_RULES.minDocuments) problems.push(`${ALL_DOCUMENTS.length} documents, fewer than ${SPLIT_RULES.minDocuments}`);
  if (spanish < SPLIT_RULES.minSpanishDocuments) problems.push(`${spanish} Spanish documents, fewer than ${SPLIT_RULES.minSpanishDocuments}`);
  if (otherLanguage < total * SPLIT_RULES.minOtherLanguageShare)
    problems.push(`${otherLanguage} questions in the other language, under ${SPLIT_RULES.minOtherLanguageShare} of ${total}`);
  if (followUps < SPLIT_RULES.minFollowUps) problems.push(`${followUps} follow-ups, fewer than ${SPLIT_RULES.minFollowUps}`);
  for (const [side, { documents, questions }] of Object.entries(SPLIT)) {
    const unanswerable = questions.filter((question) => question.kind === 'unanswerable').length;
    if (unanswerable < questions.length * SPLIT_RULES.minUnanswerableShare)
      problems.push(`${side} asks ${unanswerable} unanswerable questions, under ${SPLIT_RULES.minUnanswerableShare} of ${questions.length}`);
    for (const structure of SPLIT_RULES.structures)
      if (!documents.some((document) => document.structure?.includes(structure))) problems.push(`${side} holds no document with ${structure}`);
  }
  return problems;
}

/** Every third held-out question: the floor test's share of the held-out set. */
export const HELD_OUT_FLOOR_STEP = 3;

/**
 * The held-out questions the floor test asks, chosen without looking at any result: all
 * held-out questions sorted by id (code-unit order), then every HELD_OUT_FLOOR_STEP-th one
 * starting with the first. A follow-up so chosen is asked after its leader, which is not scored
 * unless chosen too.
 */
export function heldOutFloorQuestions(): EvalQuestion[] {
  const sorted = [...SPLIT.heldOut.questions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return sorted.filter((_, index) => index % HELD_OUT_FLOOR_STEP === 0);
}

/** A question of either split by id: where a follow-up's leader is looked up when a subset leaves it out. */
export const questionById = (id: string): EvalQuestion | undefined => ALL_QUESTIONS.find((question) => question.id === id);
