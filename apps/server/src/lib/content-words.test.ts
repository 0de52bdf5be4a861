import { describe, expect, it } from 'vitest';
import { contentWords } from './content-words.js';

describe('contentWords', () => {
  it('folds English and Spanish plurals onto their singular, whichever ending the plural takes', () => {
    const pairs = [
      ['value', 'values'],
      ['package', 'packages'],
      ['class', 'classes'],
      ['box', 'boxes'],
      ['devolución', 'devoluciones'],
      ['ciudad', 'ciudades'],
      ['enlace', 'enlaces'],
      ['paquete', 'paquetes'],
    ];
    for (const [singular, plural] of pairs) expect(contentWords(plural!), `${singular} / ${plural}`).toEqual(contentWords(singular!));
  });

  it('keeps a capital one-letter name and leaves out function words of both languages', () => {
    expect(contentWords('What is R?')).toEqual(['r']);
    expect(contentWords('¿Dónde están las copias de seguridad?')).toEqual(contentWords('estan copias seguridad'));
    expect(contentWords('a b c')).toEqual([]);
  });
});
