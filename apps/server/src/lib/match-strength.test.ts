import { describe, expect, it } from 'vitest';
import { MATCHED_PASSAGES, matchStrength } from './match-strength.js';

/** A third of the question's weight: below it the best passage only touches the question. */
const WEAK_MATCH_COVERAGE = 0.35;

const passages = [
  { title: 'policy.pdf', heading: 'Returns', text: 'Bicycles can be returned within 30 days of purchase with the receipt.' },
  { title: 'policy.pdf', heading: 'Warranty', text: 'Every frame carries a lifetime warranty against manufacturing defects.' },
  { title: 'policy.pdf', heading: 'Delivery', text: 'Delivery to the mainland takes three working days; bicycles travel in a box.' },
];

describe('how much of a question the best passage covers', () => {
  it('is full when one passage holds every word the question turns on', () => {
    expect(matchStrength(['How many days do I have to return a bicycle?'], passages)).toBeGreaterThan(0.9);
  });

  it('is weak when the passages share only the words they all hold, not what the question is about', () => {
    // "bicycle" is everywhere; nothing speaks of insurance or theft.
    expect(matchStrength(['Is my bicycle insured against theft?'], passages)).toBeLessThan(WEAK_MATCH_COVERAGE);
  });

  it('counts the best of the wordings a question was searched in, such as its translation', () => {
    const spanish = '¿Cuánto dura la garantía del cuadro?';
    expect(matchStrength([spanish], passages)).toBeLessThan(WEAK_MATCH_COVERAGE);
    expect(matchStrength([spanish, 'How long is the warranty of the frame?'], passages)).toBeGreaterThan(0.9);
  });

  it('meets a word in another form of it, and not a word that only starts alike', () => {
    const hours = [{ title: 'horario.md', heading: 'Horario de la tienda', text: 'Los domingos abrimos de 10:00 a 14:00 y los festivos cerramos.' }];
    expect(matchStrength(['¿A qué hora abrís el domingo?'], hours)).toBeGreaterThan(WEAK_MATCH_COVERAGE);
    // "instalación" shares four letters with "instancia", too few of either word to be one.
    const setup = [{ title: 'manual.pdf', heading: 'Servidor', text: 'Cada instancia del servidor guarda sus datos en su propia carpeta.' }];
    expect(matchStrength(['¿Cómo va la instalación?'], setup)).toBeLessThan(WEAK_MATCH_COVERAGE);
  });

  it('reads only the passages ranked first: a word met further down does not make the match strong', () => {
    const theft = { title: 'policy.pdf', heading: 'Insurance', text: 'Bicycles are insured against theft for a year.' };
    const others = Array.from({ length: MATCHED_PASSAGES }, (_, index) => passages[index % passages.length]!);
    const question = ['Is my bicycle insured against theft?'];
    expect(matchStrength(question, [...others, theft])).toBeLessThan(WEAK_MATCH_COVERAGE);
    expect(matchStrength(question, [theft, ...others])).toBeGreaterThan(0.9);
  });

  it('is nothing without passages or without words to match', () => {
    expect(matchStrength(['How many days?'], [])).toBe(0);
    expect(matchStrength(['?'], passages)).toBe(0);
  });
});
