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

  it('meets the held-out targets only when every one holds, follow-ups against their leaders', () => {
    const strong = [
      ...Array.from({ length: 9 }, (_, index) =>
        result(`q${index}`, { recallAt1: true, recallAt5: true, givenRecall: true, factPassages: [1], citedPassages: [1], answered: true }),
      ),
      result('leader', { recallAt1: true, givenRecall: true, factPassages: [1], citedPassages: [1], answered: true, otherLanguage: true }),
      result('follow-up', { after: 'leader', recallAt1: true, givenRecall: true, factPassages: [1], citedPassages: [1], answered: true }),
    ];
    expect(TARGETS.every((target) => target.met(figuresOf(strong)))).toBe(true);

    // The follow-up loses its fact: the leader still has it, so follow-ups fall behind, and the fact rate slips.
    const weaker = strong.map((item) => (item.id === 'follow-up' ? { ...item, answered: false, confidentlyWrong: true } : item));
    const missed = targetRows(figuresOf(weaker))
      .filter((row) => row.met === 'NO')
      .map((row) => row.target);
    expect(missed).toEqual(['follow-ups against their leaders']);
  });
});
