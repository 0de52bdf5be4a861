import { describe, expect, it } from 'vitest';
import { peakOf, scaleTop, shareOf, withoutGreeting } from './insights-rules';

describe('the insights figures', () => {
  it('rounds a chart’s scale up to a round whole number close above the largest value', () => {
    expect([0, 1, 3, 7, 9, 10, 11, 24, 27, 50, 51, 180, 999].map((largest) => scaleTop([largest]))).toEqual([
      1, 1, 3, 8, 10, 10, 15, 25, 30, 50, 60, 200, 1000,
    ]);
  });

  it('speaks of a share only when there is a whole', () => {
    expect(shareOf(3, 12)).toBe(0.25);
    expect(shareOf(0, 0)).toBeNull();
  });

  it('finds the busiest entry, the first of equals, and none when all are zero', () => {
    expect(peakOf([0, 4, 9, 9, 1], (value) => value)).toBe(9);
    expect(
      peakOf(
        [
          { n: 2, at: 'a' },
          { n: 2, at: 'b' },
        ],
        (item) => item.n,
      )?.at,
    ).toBe('a');
    expect(peakOf([0, 0], (value) => value)).toBeUndefined();
  });
});

describe('what a reply teaches the Spark', () => {
  it('leaves out the greeting and the sign-off meant for one visitor, in both languages', () => {
    expect(withoutGreeting('Hello Ana,\n\nyes, we ship to the Canary Islands in 5 days.\n\nBest regards,\nEva')).toBe(
      'Yes, we ship to the Canary Islands in 5 days.',
    );
    expect(withoutGreeting('Hola Ana: sí, enviamos a Canarias en 5 días.\nUn saludo')).toBe('Sí, enviamos a Canarias en 5 días.');
    expect(withoutGreeting('Dear Mr Ruiz, the warranty lasts two years.')).toBe('The warranty lasts two years.');
  });

  it('keeps a reply that has no greeting as it is', () => {
    expect(withoutGreeting('We open at 9 on Sundays.')).toBe('We open at 9 on Sundays.');
    expect(withoutGreeting('Hello')).toBe('Hello');
  });
});
