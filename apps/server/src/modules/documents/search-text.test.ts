import { describe, expect, it } from 'vitest';
import { queryTerms } from './search-text.js';

describe('the words a question is searched by', () => {
  it('keep a capital one-letter name, fold accents and drop repeats', () => {
    expect(queryTerms('What is R? What is r?')).toEqual(['what', 'is', 'r']);
    expect(queryTerms('¿Qué política de devolución?')).toEqual(['que', 'politica', 'de', 'devolucion']);
  });

  it('leave out the adjective of "how long / many / much", so "14 characters long" does not answer a question about leave', () => {
    expect(queryTerms('How long is leave after having a baby?')).not.toContain('long');
    expect(queryTerms('How many vacation days do I get?')).not.toContain('many');
    expect(queryTerms('Is the cable long enough?')).toContain('long');
  });
});
