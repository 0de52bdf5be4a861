import { contentWords } from '../lib/content-words.js';
import { headingMatch } from '../lib/heading-match.js';
import { holds, matchStrength, type MatchedText } from '../lib/match-strength.js';
import type { PassageKind } from '@sparks/contract';
import { answerKind, carriesKind } from './offline/answer-kind.js';
import { sentencesOf } from './offline/passage-sentences.js';

/** A passage as retrieval ranked it: its words, its kind of unit and its fused or BM25 score. */
export interface RankedText extends MatchedText {
  score: number;
  kind?: PassageKind;
}

/** What the confidence is computed from, each read off the question and the ranked passages alone. */
export interface ConfidenceFeatures {
  /** Share of the question's weight the best of the first passages holds (match-strength.ts). */
  coverage: number;
  /** The same share for the first passage alone: the one the answer leans on. */
  firstCoverage: number;
  /** Share of the question's words one sentence of the first two passages holds: an excerpt is built round one sentence. */
  sentence: number;
  /** How well the first passage's heading says what the question asks (0–1). */
  heading: number;
  /** How far the first passage's score stands above the second's, as a share of the first's. */
  lead: number;
  /** The question's content words, capped at ten and scaled to 0–1: one word matches anything. */
  words: number;
  /** 1 when the question was also searched in another wording (a translation, a follow-up's subject). */
  reworded: number;
  /** 1 when the question's form asks for a figure, a date or a command and no sentence of the first passage carries one. */
  kindMissing: number;
  /** 1 when the first passage is a table row or a record, which holds its fact whole. */
  structured: number;
}

export const CONFIDENCE_FEATURES = [
  'coverage',
  'firstCoverage',
  'sentence',
  'heading',
  'lead',
  'words',
  'reworded',
  'kindMissing',
  'structured',
] as const satisfies ReadonlyArray<keyof ConfidenceFeatures>;

const MAX_WORDS = 10;
const SENTENCE_PASSAGES = 2;

/** The best share of the wordings' words any one sentence holds. */
function sentenceCoverage(wordings: readonly string[], passages: readonly RankedText[]): number {
  const sentences = passages.flatMap((passage) => sentencesOf(passage.text)).map((sentence) => new Set(contentWords(sentence)));
  let best = 0;
  for (const wording of wordings) {
    const words = [...new Set(contentWords(wording))];
    if (words.length === 0) continue;
    for (const sentence of sentences) best = Math.max(best, words.filter((word) => holds(sentence, word)).length / words.length);
  }
  return best;
}

export function confidenceFeatures(question: string, wordings: readonly string[], ranked: readonly RankedText[]): ConfidenceFeatures {
  const all = [question, ...wordings];
  const first = ranked[0];
  const second = ranked[1];
  const asked = answerKind(question);
  return {
    coverage: matchStrength(all, ranked),
    firstCoverage: first ? matchStrength(all, [first]) : 0,
    sentence: sentenceCoverage(all, ranked.slice(0, SENTENCE_PASSAGES)),
    heading: first ? Math.max(...all.map((wording) => headingMatch(wording, first.heading ?? null))) : 0,
    lead: first && first.score > 0 ? (second ? Math.max(0, (first.score - second.score) / first.score) : 1) : 0,
    words: Math.min(new Set(contentWords(question)).size, MAX_WORDS) / MAX_WORDS,
    reworded: wordings.length > 0 ? 1 : 0,
    kindMissing: asked && first && !sentencesOf(first.text).some((sentence) => carriesKind(asked, sentence)) ? 1 : 0,
    structured: first && first.kind !== undefined && first.kind !== 'prose' ? 1 : 0,
  };
}

/**
 * A logistic model of whether an answer framed from these passages holds the fact asked for,
 * fitted by `bench/answer-eval/fit-confidence.ts` on the evaluation's tuning documents only (never
 * the held-out ones) and checked on the held-out row (docs/decisions/0036). Refit it when a
 * feature, the retrieval or the offline answer changes; the fit prints these numbers. Fitted over
 * every feature, it halved the wrong answers framed on the tuning row but hedged right ones on the
 * held-out row; over coverage alone, it holds on both (the decision's table), and that is the model
 * in use: at its floor it hedges what a coverage below 0.35 did.
 */
export const CONFIDENCE_MODEL = {
  bias: -0.327,
  weights: {
    coverage: 1.657,
    firstCoverage: 0,
    sentence: 0,
    heading: 0,
    lead: 0,
    words: 0,
    reworded: 0,
    kindMissing: 0,
    structured: 0,
  } satisfies ConfidenceFeatures,
  /** Below this an answer is framed as related sections, not as the answer, and the question counts as a gap. */
  floor: 0.56,
};

/** How likely (0–1) an answer framed from the passages holds what the question asks. */
export function answerConfidence(features: ConfidenceFeatures, model: Pick<typeof CONFIDENCE_MODEL, 'bias' | 'weights'> = CONFIDENCE_MODEL): number {
  const sum = CONFIDENCE_FEATURES.reduce((total, name) => total + model.weights[name] * features[name], model.bias);
  return 1 / (1 + Math.exp(-sum));
}
