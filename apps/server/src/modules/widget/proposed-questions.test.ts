import { SUGGESTED_QUESTION_CHARS } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { headingTopic } from '../../lib/heading-topic.js';
import { proposeQuestions, questionAbout, type HeadingCandidate } from './proposed-questions.js';

const en = (heading: string, chunks = 1): HeadingCandidate => ({ heading, language: 'en', chunks });
const es = (heading: string, chunks = 1): HeadingCandidate => ({ heading, language: 'es', chunks });

describe('questions proposed from the headings of a Spark’s documents', () => {
  it('skips headings that name a part of any document, numbers and debris', () => {
    for (const heading of [
      'Introduction',
      'Table of Contents',
      'Índice',
      'INTRODUCCIÓN',
      '12',
      '3.2',
      'Chapter 4',
      'Capítulo 7',
      'FAQ',
      'Page 3',
      'Figure 2.1',
      '  ',
      'A-1',
    ]) {
      expect(headingTopic(heading), heading).toBeNull();
    }
    expect(headingTopic('2.1 Returns and refunds:')).toBe('Returns and refunds');
    expect(headingTopic('III. Garantía del cuadro')).toBe('Garantía del cuadro');
    expect(headingTopic('Civil liability')).toBe('Civil liability');
    expect(headingTopic('Tabla de tallas')).toBe('Tabla de tallas');
  });

  it("asks in the document's language, keeps a heading that is already a question, and lowers only sentence case", () => {
    expect(questionAbout('Shipping times', 'en')).toBe('What should I know about shipping times?');
    expect(questionAbout('Returns and Refunds', 'en')).toBe('What should I know about Returns and Refunds?');
    expect(questionAbout('WordPress setup', 'en')).toBe('What should I know about WordPress setup?');
    expect(questionAbout('WARRANTY TERMS', 'en')).toBe('What should I know about warranty terms?');
    expect(questionAbout('Devoluciones', 'es')).toBe('¿Qué debo saber sobre devoluciones?');
    expect(questionAbout('¿Puedo pagar a plazos?', 'es')).toBe('¿Puedo pagar a plazos?');
    expect(questionAbout('How do I return a bike?', 'en')).toBe('How do I return a bike?');
    expect(questionAbout('Returns', null)).toBe('What should I know about returns?');
  });

  it('puts the headings naming most of the documents first, then keeps their order, one question per topic', () => {
    const proposed = proposeQuestions(
      [en('Introduction', 9), en('Returns'), en('Shipping', 4), en('Warranty'), en('1. Returns', 2), es('Garantía'), en('Contents')],
      [],
    );
    expect(proposed).toEqual([
      'What should I know about shipping?',
      'What should I know about returns?',
      'What should I know about warranty?',
      '¿Qué debo saber sobre garantía?',
    ]);
  });

  it('never proposes a question about a word that stands for others or about a piece of a sentence', () => {
    const proposed = proposeQuestions(
      [en('Others', 9), en('This', 5), en('Installing and', 4), es('Otros', 3), es('Esto', 3), es('Configuración de la', 2), en('Frame sizes'), es('Tallas')],
      [],
    );
    expect(proposed).toEqual(['What should I know about frame sizes?', '¿Qué debo saber sobre tallas?']);
  });

  it('offers the heading a document opens with (mostly its title) only after its sections', () => {
    const title = { ...en('Bike shop handbook', 3), opening: true };
    expect(proposeQuestions([title, en('Returns'), en('Shipping')], [], 2)).toEqual([
      'What should I know about returns?',
      'What should I know about shipping?',
    ]);
    expect(proposeQuestions([title], [])).toEqual(['What should I know about bike shop handbook?']);
  });

  it('leaves out what the owner already offers, stops at the limit and never proposes a question too long to save', () => {
    const long = `${'Extraordinary '.repeat(8)}policies`;
    const headings = ['Returns', 'Shipping', long, 'Warranty', 'Payments', 'Sizes', 'Repairs', 'Rentals', 'Storage'].map((heading) => en(heading));
    expect(headingTopic(long)).toBe(long);
    expect(questionAbout(long, 'en').length).toBeGreaterThan(SUGGESTED_QUESTION_CHARS);
    expect(proposeQuestions(headings, ['what should I know about RETURNS?'])).toEqual(
      ['shipping', 'warranty', 'payments', 'sizes', 'repairs', 'rentals'].map((topic) => `What should I know about ${topic}?`),
    );
    expect(proposeQuestions([], [])).toEqual([]);
  });
});
