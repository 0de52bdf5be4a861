import { describe, expect, it } from 'vitest';
import { contentWords } from './content-words.js';

describe('contentWords', () => {
  it('folds English and Spanish plurals onto their singular, whichever ending the plural takes, and Spanish feminines onto their masculine', () => {
    const pairs = [
      ['value', 'values'],
      ['package', 'packages'],
      ['class', 'classes'],
      ['box', 'boxes'],
      ['devolución', 'devoluciones'],
      ['ciudad', 'ciudades'],
      ['enlace', 'enlaces'],
      ['paquete', 'paquetes'],
      ['battery', 'batteries'],
      ['policy', 'policies'],
      ['serie', 'series'],
      ['completo', 'completa'],
      ['nuevo', 'nuevas'],
      ['limpio', 'limpias'],
      ['complete', 'completa'],
    ];
    for (const [singular, plural] of pairs) expect(contentWords(plural!), `${singular} / ${plural}`).toEqual(contentWords(singular!));
  });

  it('leaves out the adjective of a question that asks for a figure, which is not what it is about', () => {
    expect(contentWords('How long is parental leave?')).toEqual(contentWords('parental leave'));
    expect(contentWords('How many holiday days do I get?')).toEqual(contentWords('holiday days get'));
    expect(contentWords('¿Cuántos días de vacaciones tengo?')).toEqual(contentWords('días vacaciones tengo'));
    // Only in the question's form: a long document is still long.
    expect(contentWords('a long document')).toEqual(['long', 'document'].map((word) => contentWords(word)[0]));
  });

  it('keeps a capital one-letter name and leaves out function words of both languages', () => {
    expect(contentWords('What is R?')).toEqual(['r']);
    expect(contentWords('¿Dónde están las copias de seguridad?')).toEqual(contentWords('estan copias seguridad'));
    expect(contentWords('a b c')).toEqual([]);
  });
});
