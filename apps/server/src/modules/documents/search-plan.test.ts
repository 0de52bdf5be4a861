import { describe, expect, it } from 'vitest';
import { inverseDocumentFrequency } from '../../lib/inverse-document-frequency.js';
import { planSearch, type QuestionTerm } from './search-plan.js';

const en = (lexeme: string, chunks: number): QuestionTerm => ({ config: 'en', lexeme, chunks });
const es = (lexeme: string, chunks: number): QuestionTerm => ({ config: 'es', lexeme, chunks });
const BUDGET = { exhaustive: 2_000, candidates: 250 };
const lexemesOf = (plan: ReturnType<typeof planSearch>) => ('weights' in plan ? plan.weights.map((weight) => weight.lexeme) : []);

describe('planSearch', () => {
  it('finds nothing to search when no word of the question is in the Spark', () => {
    expect(planSearch({ terms: [en('gym', 0), es('gym', 0)], total: 500 }, BUDGET, 6)).toEqual({ kind: 'none' });
    expect(planSearch({ terms: [], total: 0 }, BUDGET, 6)).toEqual({ kind: 'none' });
  });

  it('ranks every match while the matches fit the budget, with words both stemmers agree on counted once', () => {
    const plan = planSearch({ terms: [en('invoic', 120), es('invoic', 120), en('kept', 80), es('kept', 80), es('facturas', 0)], total: 1_000 }, BUDGET, 6);
    expect(plan).toMatchObject({ kind: 'exhaustive', match: "'invoic' | 'kept'" });
    expect(lexemesOf(plan)).toEqual(['invoic', 'kept']);
  });

  it('weighs a word by how rare it is in the Spark', () => {
    const plan = planSearch({ terms: [en('invoic', 900), en('kept', 3)], total: 1_000 }, { exhaustive: 10_000, candidates: 250 }, 6);
    if (plan.kind !== 'exhaustive') throw new Error(`expected an exhaustive plan, got ${plan.kind}`);
    const [invoice, kept] = plan.weights;
    expect(kept!.idf).toBeGreaterThan(invoice!.idf * 10);
    expect(invoice!.idf).toBeCloseTo(inverseDocumentFrequency(900, 1_000), 5);
    expect(inverseDocumentFrequency(1_000, 1_000)).toBeGreaterThan(0);
  });

  it('over the budget, takes candidates from the four rarest words together, the two rarest, then each rare word alone, rarest first', () => {
    const plan = planSearch(
      {
        terms: [
          en('refund', 9_000),
          en('warranti', 4_000),
          en('approv', 60_000),
          en('harpsichord', 40),
          en('batch', 120),
          es('refund', 9_000),
          es('garantia', 0),
        ],
        total: 100_000,
      },
      BUDGET,
      6,
    );
    expect(plan).toMatchObject({
      kind: 'candidates',
      tiers: ["'harpsichord' & 'batch' & 'warranti' & 'refund'", "'harpsichord' & 'batch'", "'harpsichord'", "'batch'", "'warranti'"],
      candidates: 250,
    });
    expect(lexemesOf(plan)).toEqual(['approv', 'batch', 'harpsichord', 'refund', 'warranti']);
  });

  it('reads the question with the stemmer whose words the Spark holds more of', () => {
    const plan = planSearch(
      { terms: [en('factur', 30), en('devolucion', 3), es('factur', 9_000), es('devolu', 3_500), es('plaz', 2_100)], total: 50_000 },
      BUDGET,
      6,
    );
    expect(plan).toMatchObject({ kind: 'candidates' });
    expect(plan.kind === 'candidates' && plan.tiers.slice(0, 2)).toEqual(["'plaz' & 'devolu' & 'factur'", "'plaz' & 'devolu'"]);
  });

  it('stops adding single-word tiers once they hold enough candidates, so the cost stays bounded', () => {
    const plan = planSearch({ terms: [en('expens', 90_000), en('report', 95_000)], total: 100_000 }, BUDGET, 6);
    expect(plan).toMatchObject({ kind: 'candidates', tiers: ["'expens' & 'report'", "'expens'"], candidates: 250 });
  });

  it('never takes fewer candidates than passages wanted', () => {
    expect(planSearch({ terms: [en('harpsichord', 4), en('expens', 40)], total: 40 }, { exhaustive: 8, candidates: 2 }, 6)).toMatchObject({ candidates: 6 });
  });

  it('scores with the dozen rarest words of a long question', () => {
    const words = Array.from({ length: 20 }, (_, index) => en(`word${String(index).padStart(2, '0')}`, 100 + index));
    const plan = planSearch({ terms: words, total: 10_000 }, BUDGET, 6);
    expect(lexemesOf(plan)).toEqual(words.slice(0, 12).map((word) => word.lexeme));
  });

  it('drops anything that is not a plain word rather than quoting it into a query', () => {
    const plan = planSearch({ terms: [en("x' | 'y", 3), en('a:*', 2), en('ok', 1)], total: 10 }, BUDGET, 6);
    expect(plan).toMatchObject({ kind: 'exhaustive', match: "'ok'" });
    expect(lexemesOf(plan)).toEqual(['ok']);
  });
});
