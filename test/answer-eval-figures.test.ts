import { describe, expect, it } from 'vitest';
import { figuresOf, type QuestionResult } from '../bench/answer-eval/figures.js';
import { TARGETS, targetRows } from '../bench/answer-eval/report.js';

/** A fact question's result; each case sets what it is about. */
const result = (id: string, overrides: Partial<QuestionResult>): QuestionResult => ({
  id,
  document: 'manual',
  language: 'en',
  otherLanguage: false,
  after: null,
  kind: 'fact',
  question: `question ${id}`,
  recallAt1: false,
  recallAt5: false,
  givenRecall: false,
  firstGiven: false,
  factPassages: [],
  citedPassages: [],
  answered: false,
  confidentlyWrong: false,
  debris: [],
  answerChars: 100,
  languageRight: true,
  saysNoKnowledge: false,
  searchPages: [],
  answer: '',
  ...overrides,
});

describe('answer evaluation figures', () => {
  it('tells where each missed fact was lost: retrieval, the sentence quoted, or the passages cited', () => {
    const figures = figuresOf([
      result('answered', { givenRecall: true, factPassages: [1], citedPassages: [1], answered: true }),
      result('not handed', { citedPassages: [1] }),
      result('other sentence', { givenRecall: true, factPassages: [2, 5], citedPassages: [1, 2] }),
      result('other passages', { givenRecall: true, factPassages: [4], citedPassages: [1, 2] }),
    ]);
    expect(figures.misses).toEqual({ notHanded: 0.25, otherSentence: 0.25, otherPassages: 0.25 });
  });

  it('counts unanswerable questions apart: answered honestly, or framed as an answer', () => {
    const figures = figuresOf([
      result('fact', { givenRecall: true, firstGiven: true, factPassages: [1], citedPassages: [1], answered: true }),
      result('second', { givenRecall: true, factPassages: [3], citedPassages: [3], answered: true }),
      result('honest', { kind: 'unanswerable', answered: true, saysNoKnowledge: true }),
      result('made up', { kind: 'unanswerable', confidentlyWrong: true }),
    ]);
    expect(figures).toMatchObject({ factQuestions: 2, firstGiven: 0.5, factRate: 1, confidentlyWrong: 0, unanswerable: 2, unanswerableHonest: 0.5 });
  });

  it('meets the held-out targets only when every one holds', () => {
    const strong = [
      ...Array.from({ length: 9 }, (_, index) =>
        result(`q${index}`, { recallAt1: true, recallAt5: true, givenRecall: true, factPassages: [1], citedPassages: [1], answered: true }),
      ),
      result('other language', { recallAt1: true, givenRecall: true, factPassages: [1], citedPassages: [1], answered: true, otherLanguage: true }),
      result('unknown', { kind: 'unanswerable', answered: true, saysNoKnowledge: true }),
    ];
    expect(TARGETS.every((target) => target.met(figuresOf(strong)))).toBe(true);

    // An unanswerable question answered as if the documents said it misses one target; hedging a found fact misses another.
    const madeUp = strong.map((item) => (item.id === 'unknown' ? { ...item, answered: false, saysNoKnowledge: false, confidentlyWrong: true } : item));
    const missedOf = (results: QuestionResult[]) =>
      targetRows(figuresOf(results))
        .filter((row) => row.met === 'NO')
        .map((row) => row.target);
    expect(missedOf(madeUp)).toEqual(['unanswerable questions answered honestly']);
    const hedged = strong.map((item) => (item.kind === 'fact' ? { ...item, saysNoKnowledge: true } : item));
    expect(missedOf(hedged)).toEqual(['the fact framed as the answer (direct)']);
  });
});
